import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  PresetEnvelopeSchema,
  PresetListQuerySchema,
  PresetListResponseSchema,
  PresetSchema,
  PresetVersionEnvelopeSchema,
  PresetVersionListResponseSchema,
  PresetVersionNumberSchema,
  PresetVersionSchema,
  PresetWithDesignatedVersionSchema,
  SlugSchema,
} from "./presets";
import { issuePaths, issuesOf, itParsesReferenceExamples } from "./test-fixtures/issues";

const version = {
  id: "550e8400-e29b-41d4-a716-446655440000",
  preset_id: "650e8400-e29b-41d4-a716-446655440001",
  version: 1,
  config: { model: "openai/gpt-4o", temperature: 0.7 },
  system_prompt: "You are a helpful assistant.",
  creator_id: "user_1",
  created_at: "2026-04-20T10:00:00Z",
  updated_at: "2026-04-20T10:00:00Z",
};
const preset = {
  id: "650e8400-e29b-41d4-a716-446655440001",
  slug: "my-preset",
  name: "my-preset",
  description: null,
  status: "active",
  status_updated_at: null,
  created_at: "2026-04-20T10:00:00Z",
  updated_at: "2026-04-20T10:00:00Z",
  creator_user_id: "user_1",
  workspace_id: "750e8400-e29b-41d4-a716-446655440002",
  designated_version_id: version.id,
};

describe("SlugSchema", () => {
  it.each(["a", "my-preset", "Team.v2_draft~1", "x".repeat(128), "a..b", ".hidden"])("accepts %s", (slug) => {
    expect(SlugSchema.safeParse(slug).success).toBe(true);
  });

  it.each(["", "x".repeat(129), "has space", "a/b", "a?b", "caf\u00e9", ".", "..", "a%20b"])("rejects %j", (slug) => {
    expect(SlugSchema.safeParse(slug).success).toBe(false);
  });

  it("explains the allowed characters", () => {
    expect(issuesOf(z.object({ slug: SlugSchema }), { slug: "a b" })).toEqual([
      { path: "slug", message: "slug must use only letters, digits, '.', '_', '~' and '-' (and not only dots)" },
    ]);
  });
});

describe("preset readers", () => {
  itParsesReferenceExamples([
    ["presetEnvelope", PresetEnvelopeSchema],
    ["preset", PresetSchema],
    ["presetVersion", PresetVersionSchema],
    ["presetWithDesignatedVersion", PresetWithDesignatedVersionSchema],
    ["presetList", PresetListResponseSchema],
    ["presetVersionList", PresetVersionListResponseSchema],
    ["presetVersionEnvelope", PresetVersionEnvelopeSchema],
  ]);

  it("tolerate what the real gateway may send", () => {
    const wide = {
      ...preset,
      status: "archived",
      designated_version_id: null,
      creator_user_id: null,
      workspace_id: null,
      labels: ["kept"],
      designated_version: null,
    };
    const parsed = PresetEnvelopeSchema.parse({ data: wide, request_id: "r1" });
    expect(parsed.data.labels).toEqual(["kept"]);
    expect(parsed.request_id).toBe("r1");
    for (const status of ["active", "disabled", "archived", "paused"]) {
      expect(issuePaths(PresetSchema, { ...preset, status })).toEqual([]);
    }
    expect(PresetVersionSchema.parse({ ...version, system_prompt: null, notes: "x" })).toMatchObject({
      system_prompt: null,
      notes: "x",
    });
  });

  it("read a nullable field left out as if it were null", () => {
    const { description: _d, workspace_id: _w, creator_user_id: _c, designated_version_id: _v, status_updated_at: _s, ...sparse } = preset;
    expect(issuePaths(PresetSchema, sparse)).toEqual([]);
    const { system_prompt: _p, creator_id: _cr, ...sparseVersion } = version;
    expect(issuePaths(PresetWithDesignatedVersionSchema, { ...sparse, designated_version: sparseVersion })).toEqual([]);
  });

  it("still require the fields the contract promises", () => {
    const { slug: _slug, ...noSlug } = preset;
    expect(issuePaths(PresetSchema, noSlug)).toEqual(["slug"]);
    expect(issuePaths(PresetWithDesignatedVersionSchema, preset)).toEqual(["designated_version"]);
    expect(issuePaths(PresetVersionSchema, { ...version, version: 1.5 })).toEqual(["version"]);
    expect(issuePaths(PresetListResponseSchema, { data: [preset] })).toEqual(["total_count"]);
  });
});

describe("PresetListQuerySchema", () => {
  it("defaults offset 0 and limit 50", () => {
    expect(PresetListQuerySchema.parse({})).toEqual({ offset: 0, limit: 50 });
  });

  it("coerces query strings within the bounds", () => {
    expect(PresetListQuerySchema.parse({ offset: "0", limit: "1" })).toEqual({ offset: 0, limit: 1 });
    expect(PresetListQuerySchema.parse({ offset: "40", limit: "100" })).toEqual({ offset: 40, limit: 100 });
  });

  it.each([
    [{ limit: "0" }, "limit"],
    [{ limit: "101" }, "limit"],
    [{ limit: "ten" }, "limit"],
    [{ offset: "-1" }, "offset"],
    [{ offset: "1.5" }, "offset"],
  ])("rejects %j on %s", (query, path) => {
    expect(issuePaths(PresetListQuerySchema, query)).toEqual([path]);
  });
});

describe("PresetVersionNumberSchema", () => {
  it("reads the path parameter as a version number from 1", () => {
    expect(PresetVersionNumberSchema.parse("1")).toBe(1);
    expect(PresetVersionNumberSchema.safeParse("0").success).toBe(false);
    expect(PresetVersionNumberSchema.safeParse("latest").success).toBe(false);
  });
});
