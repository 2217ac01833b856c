import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ErrorBodySchema, ModelListResponseSchema, PresetEnvelopeSchema, PresetSaveResponseSchema, VideoModelListResponseSchema } from "@/lib/contract/gateway";
import { videoModel } from "@/lib/video-models/test-models";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { clearVideoModelsCache } from "../services/catalog";
import { listModels, listVideoModels } from "./catalog";
import { listFiles } from "./files";
import { getPreset, listPresets, savePreset } from "./presets";
import { startStandInGateway, type StandInAnswer, type StandInGateway, type StandInRequest } from "../testing/stand-in-gateway";

/**
 * Answers of the real gateway that the embedded one never gives, served by a stand-in on an
 * ephemeral port: the BFF must read every valid one.
 */

let gateway: StandInGateway;
let bff: BffTestEnv;
let answer: (request: StandInRequest) => StandInAnswer = () => ({ status: 404 });

beforeAll(async () => {
  gateway = await startStandInGateway((request) => answer(request));
  bff = await setUpBff(gateway);
});
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});
beforeEach(() => {
  gateway.requests.length = 0;
});

/** A preset as a gateway may send it: every nullable field left out rather than null. */
function sparsePreset(version: number) {
  return {
    id: "p-1",
    slug: "sparse",
    name: "sparse",
    status: "active",
    created_at: "2026-04-20T10:00:00Z",
    updated_at: "2026-04-20T10:00:00Z",
    designated_version: {
      id: `v-${version}`,
      preset_id: "p-1",
      version,
      config: { model: "m", temperature: 0.4 },
      created_at: "2026-04-20T10:00:00Z",
      updated_at: "2026-04-20T10:00:00Z",
    },
  };
}

/** Saves the preset "sparse" as edited from version `ifMatch`. */
function saveSparse(ifMatch: string) {
  const json = { model: "m", messages: [{ role: "user", content: "hi" }] };
  return savePreset(bff.request("/api/presets/sparse", { role: "editor", json, headers: { "if-match": ifMatch } }), params({ slug: "sparse" }));
}

async function errorOf(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

describe("presets whose nullable fields are absent", () => {
  it("load and save through the BFF", async () => {
    answer = (request) => (request.method === "GET" ? { json: { data: sparsePreset(1) } } : { json: { data: sparsePreset(2) } });
    const loaded = await getPreset(bff.request("/api/presets/sparse", { role: "viewer" }), params({ slug: "sparse" }));
    expect(loaded.status).toBe(200);
    expect(PresetEnvelopeSchema.parse(await loaded.json()).data.designated_version?.version).toBe(1);

    // No designated_version_id to compare with: the version the editor started from is the designated version's id.
    const saved = await saveSparse("v-1");
    expect(saved.status).toBe(200);
    expect(PresetEnvelopeSchema.parse(await saved.json()).data.designated_version?.version).toBe(2);
  });
});

describe("gateway errors whose code is a word", () => {
  it("keep the gateway's status and message, in the contract's shape", async () => {
    answer = () => ({ status: 429, json: { error: { code: "rate_limit_exceeded", message: "Slow down: 10 requests a minute" } }, headers: { "retry-after": "0" } });
    const response = await listPresets(bff.request("/api/presets", { role: "viewer" }), params({}));
    expect(response.status).toBe(429);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: 429, message: "Slow down: 10 requests a minute", metadata: { upstream_status: 429, upstream_code: "rate_limit_exceeded" } });
  });
});

describe("a 403 on a call naming a workspace", () => {
  it("tells the user the API key has no access to that workspace, not to check the server's key", async () => {
    answer = () => ({ status: 403, json: { error: { code: 403, message: "Forbidden" } } });
    const response = await listFiles(bff.request("/api/files?workspace_id=750e8400-e29b-41d4-a716-446655440002", { role: "viewer" }), params({}));
    expect(response.status).toBe(403);
    const error = await errorOf(response);
    expect(error.message).toMatch(/API key has no access to the workspace 750e8400-e29b-41d4-a716-446655440002/);
    expect(error.message).not.toMatch(/GATEWAY_API_KEY/);
    expect(error.metadata).toMatchObject({ upstream_status: 403, reason: "workspace_access", workspace_id: "750e8400-e29b-41d4-a716-446655440002" });
    expect(gateway.requests.at(-1)?.url).toContain("workspace_id=750e8400-e29b-41d4-a716-446655440002");
  });

  it("without a workspace still means Gatehouse's own key is refused", async () => {
    answer = () => ({ status: 403, json: { error: { code: 403, message: "Forbidden" } } });
    const response = await listFiles(bff.request("/api/files", { role: "viewer" }), params({}));
    expect(response.status).toBe(502);
    expect((await errorOf(response)).message).toMatch(/GATEWAY_API_KEY/);
  });
});

describe("a catalog entry the contract does not understand", () => {
  it("is left out of the video models, the rest is served, and the answer says how many were skipped", async () => {
    // A newer catalog: durations as strings, which our reader does not take.
    const strange = { ...videoModel({ id: "next/gen" }), supported_durations: ["5s"] };
    answer = (request) => (request.url.endsWith("/videos/models") ? { json: { data: [videoModel({ id: "ok/one" }), strange, videoModel({ id: "ok/two" })] } } : { status: 404 });
    clearVideoModelsCache();
    const response = await listVideoModels(bff.request("/api/videos/models", { role: "viewer" }), params({}));
    expect(response.status).toBe(200);
    const list = VideoModelListResponseSchema.parse(await response.json());
    expect(list.data.map((model) => model.id)).toEqual(["ok/one", "ok/two"]);
    expect(list.metadata).toEqual({ skipped: 1 });
    clearVideoModelsCache();
  });

  it("is left out of the language models the same way", async () => {
    answer = (request) =>
      request.url.endsWith("/models") ? { json: { data: [{ id: "a/b", name: "A" }, { id: 7, name: "numeric id" }, { id: "c/d", name: "C" }] } } : { status: 404 };
    const response = await listModels(bff.request("/api/models", { role: "viewer" }), params({}));
    expect(response.status).toBe(200);
    const list = ModelListResponseSchema.parse(await response.json());
    expect(list.data.map((model) => model.id)).toEqual(["a/b", "c/d"]);
    expect(list.metadata).toEqual({ skipped: 1 });
  });
});

describe("a gateway that does not confirm If-Match", () => {
  it("saves, and the answer says the conflict check is unverified", async () => {
    // The real gateway takes the save and answers without an ETag: it never looked at If-Match.
    answer = (request) => (request.method === "GET" ? { json: { data: sparsePreset(1) } } : { json: { data: sparsePreset(2) } });
    const saved = await saveSparse("v-1");
    expect(saved.status).toBe(200);
    expect(PresetSaveResponseSchema.parse(await saved.json()).metadata).toEqual({ conflict_check: "unverified" });
    // Gatehouse still sent the If-Match it checked, for a gateway that does honour it.
    expect(gateway.requests.find((request) => request.method === "POST")?.headers["if-match"]).toBe("v-1");
  });

  it("still refuses a stale edit itself, before writing", async () => {
    answer = (request) => (request.method === "GET" ? { json: { data: sparsePreset(3) } } : { json: { data: sparsePreset(4) } });
    const stale = await saveSparse("v-1");
    expect(stale.status).toBe(409);
    expect(gateway.requests.some((request) => request.method === "POST")).toBe(false);
  });
});
