import { describe, expect, it } from "vitest";
import type { Preset } from "@/lib/contract/gateway";
import { filterPresets, isServerOrder, sortPresets } from "./list";

function preset(slug: string, name: string, updated: string, status = "active"): Preset {
  return {
    id: slug,
    slug,
    name,
    description: null,
    status,
    status_updated_at: null,
    created_at: updated,
    updated_at: updated,
    creator_user_id: null,
    workspace_id: null,
    designated_version_id: null,
  };
}

const presets = [
  preset("support-bot", "Support bot", "2026-01-03T00:00:00Z"),
  preset("code-review", "Code Review", "2026-01-01T00:00:00Z", "archived"),
  preset("summarizer-2", "Summarizer", "2026-01-02T00:00:00Z"),
  preset("summarizer-10", "summarizer", "2026-01-02T00:00:00Z"),
];

describe("preset list", () => {
  it("searches name and slug, every word, ignoring case", () => {
    expect(filterPresets(presets, "SUMM").map((p) => p.slug)).toEqual(["summarizer-2", "summarizer-10"]);
    expect(filterPresets(presets, "bot support").map((p) => p.slug)).toEqual(["support-bot"]);
    expect(filterPresets(presets, "review-x")).toEqual([]);
    expect(filterPresets(presets, "  ")).toHaveLength(4);
  });

  it("sorts by each column in both directions, ties by slug", () => {
    expect(sortPresets(presets, "name", "asc").map((p) => p.slug)).toEqual(["code-review", "summarizer-2", "summarizer-10", "support-bot"]);
    expect(sortPresets(presets, "updated", "desc").map((p) => p.slug)).toEqual(["support-bot", "summarizer-2", "summarizer-10", "code-review"]);
    expect(sortPresets(presets, "status", "asc").map((p) => p.slug)).toEqual(["summarizer-2", "summarizer-10", "support-bot", "code-review"]);
    expect(sortPresets(presets, "slug", "desc")[0].slug).toBe("support-bot");
  });

  it("uses the gateway's paging only for its own order without a search", () => {
    expect(isServerOrder("", "updated", "desc")).toBe(true);
    expect(isServerOrder("x", "updated", "desc")).toBe(false);
    expect(isServerOrder("", "name", "asc")).toBe(false);
  });
});
