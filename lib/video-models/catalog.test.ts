import { describe, expect, it } from "vitest";
import { activeFilterCount, buildCatalogView, describeFilters, countFacets, EMPTY_FILTERS, filterModels, sortEntries, type CatalogFilters } from "./catalog";
import { estimateCost } from "./cost";
import { compareAspectRatios, compareResolutions, formatDurationRange, parseAspectRatio, providerOf } from "./model-facts";
import { videoModel } from "./test-models";

const models = [
  videoModel({
    id: "google/veo",
    name: "Veo",
    description: "Cinematic clips with native sound",
    created: 1_730_000_000,
    generate_audio: true,
    supported_resolutions: ["720p", "1080p"],
    supported_aspect_ratios: ["16:9", "9:16"],
    supported_durations: [4, 6, 8],
    supported_frame_images: ["first_frame", "last_frame"],
    pricing_skus: { duration_seconds_with_audio_720p: "0.40", duration_seconds_without_audio_720p: "0.20" },
  }),
  videoModel({
    id: "openai/sora",
    name: "Sora",
    created: 1_740_000_000,
    generate_audio: true,
    supported_resolutions: ["720p"],
    supported_aspect_ratios: ["16:9", "9:16", "1:1"],
    supported_durations: [4, 8, 12],
    supported_frame_images: ["first_frame"],
    pricing_skus: { "per-video-second": "0.10" },
  }),
  videoModel({
    id: "kling/kling",
    name: "Kling",
    created: 1_720_000_000,
    supported_resolutions: ["480p", "1080p"],
    supported_aspect_ratios: ["1:1"],
    supported_durations: [5, 10],
    pricing_skus: { cents_per_video_output_second_480p: "3" },
  }),
  videoModel({
    id: "acme/mystery",
    name: "Mystery",
    created: 1_710_000_000,
    supported_resolutions: ["720p"],
    supported_durations: [8],
    pricing_skus: { generate: "0.50" },
  }),
];

const ids = (list: { id: string }[]) => list.map((m) => m.id);
const filters = (patch: Partial<CatalogFilters>): CatalogFilters => ({ ...EMPTY_FILTERS, ...patch });

describe("filterModels", () => {
  it("text search matches every word in name, id, provider or description, case-insensitively", () => {
    expect(ids(filterModels(models, filters({ q: "GOOGLE sound" })))).toEqual(["google/veo"]);
    expect(ids(filterModels(models, filters({ q: "kling" })))).toEqual(["kling/kling"]);
    expect(filterModels(models, filters({ q: "veo sora" }))).toEqual([]);
  });

  it("values of one filter are alternatives, different filters all apply", () => {
    expect(ids(filterModels(models, filters({ resolutions: ["480p", "1080p"] })))).toEqual(["google/veo", "kling/kling"]);
    expect(ids(filterModels(models, filters({ resolutions: ["1080p"], aspectRatios: ["1:1"] })))).toEqual(["kling/kling"]);
  });

  it("duration range keeps models with at least one duration inside", () => {
    expect(ids(filterModels(models, filters({ minDuration: 9 })))).toEqual(["openai/sora", "kling/kling"]);
    expect(ids(filterModels(models, filters({ minDuration: 5, maxDuration: 5 })))).toEqual(["kling/kling"]);
    expect(ids(filterModels(models, filters({ maxDuration: 4 })))).toEqual(["google/veo", "openai/sora"]);
  });

  it("audio, first frame and last frame require the capability", () => {
    expect(ids(filterModels(models, filters({ audio: true })))).toEqual(["google/veo", "openai/sora"]);
    expect(ids(filterModels(models, filters({ firstFrame: true, lastFrame: true })))).toEqual(["google/veo"]);
  });
});

describe("countFacets", () => {
  it("counts each value as if it were chosen, with the other filters applied", () => {
    const facets = countFacets(models, filters({ audio: true, resolutions: ["1080p"] }));
    // Resolution counts ignore the resolution filter itself but respect audio (Veo, Sora).
    expect(facets.resolutions).toEqual([
      { value: "480p", count: 0 },
      { value: "720p", count: 2 },
      { value: "1080p", count: 1 },
    ]);
    // Audio count ignores the audio filter but respects 1080p (Veo, Kling -> only Veo has audio).
    expect(facets.audio).toBe(1);
    expect(facets.aspectRatios).toEqual([
      { value: "16:9", count: 1 },
      { value: "1:1", count: 0 },
      { value: "9:16", count: 1 },
    ]);
  });

  it("duration bound options are counted with the other bound kept", () => {
    const facets = countFacets(models, filters({ maxDuration: 8 }));
    const min = Object.fromEntries(facets.minDuration.map((v) => [v.value, v.count]));
    expect(min).toEqual({ 4: 4, 5: 4, 6: 3, 8: 3, 10: 0, 12: 0 });
    const max = Object.fromEntries(countFacets(models, EMPTY_FILTERS).maxDuration.map((v) => [v.value, v.count]));
    expect(max[4]).toBe(2);
    expect(max[12]).toBe(4);
  });

  it("the count of a value equals the result size after choosing it", () => {
    const base = filters({ q: "o", audio: true });
    for (const { value, count } of countFacets(models, base).aspectRatios) {
      expect(filterModels(models, { ...base, aspectRatios: [value] })).toHaveLength(count);
    }
  });
});

describe("sorting", () => {
  const settings = { duration: 8, resolution: "720p", audio: false };
  const entries = models.map((model) => ({ model, estimate: estimateCost(model, settings) }));

  it("by name", () => {
    expect(sortEntries(entries, "name").map((e) => e.model.name)).toEqual(["Kling", "Mystery", "Sora", "Veo"]);
  });

  it("newest first by created", () => {
    expect(sortEntries(entries, "newest").map((e) => e.model.name)).toEqual(["Sora", "Veo", "Kling", "Mystery"]);
  });

  it("cheapest for the chosen settings, models without an estimate last", () => {
    // Sora 0.10×8 = 0.80; Veo 0.20×8 = 1.60; Kling has no 8 s option and Mystery's unit is unknown.
    expect(sortEntries(entries, "cheapest").map((e) => e.model.name)).toEqual(["Sora", "Veo", "Kling", "Mystery"]);
    const withAudio = models.map((model) => ({ model, estimate: estimateCost(model, { ...settings, audio: true }) }));
    expect(sortEntries(withAudio, "cheapest").map((e) => e.model.name)).toEqual(["Sora", "Veo", "Kling", "Mystery"]);
  });

  it("cheapest changes with the settings", () => {
    const at480 = models.map((model) => ({ model, estimate: estimateCost(model, { duration: 10, resolution: "480p", audio: false }) }));
    expect(sortEntries(at480, "cheapest")[0].model.name).toBe("Kling");
  });
});

describe("buildCatalogView", () => {
  it("returns filtered, sorted entries with estimates and facet counts", () => {
    const view = buildCatalogView(models, filters({ audio: true }), "cheapest", { duration: 8, resolution: "720p", audio: true });
    expect(view.total).toBe(4);
    expect(view.entries.map((e) => [e.model.name, e.estimate.kind === "estimate" ? Number(e.estimate.usd.toFixed(2)) : "n/a"])).toEqual([
      ["Sora", 0.8],
      ["Veo", 3.2],
    ]);
  });

  it("describeFilters summarises the active filters", () => {
    expect(describeFilters(EMPTY_FILTERS)).toBe("");
    expect(describeFilters(filters({ q: " veo ", resolutions: ["1080p"], aspectRatios: ["16:9"], minDuration: 5, maxDuration: 10, audio: true }))).toBe(
      "“veo” · 1080p · 16:9 · 5–10 s · audio",
    );
    expect(describeFilters(filters({ maxDuration: 8, lastFrame: true }))).toBe("≤ 8 s · last frame");
  });

  it("activeFilterCount", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount(filters({ q: " a ", resolutions: ["720p", "1080p"], lastFrame: true }))).toBe(4);
  });
});

describe("model facts", () => {
  it("provider from the id prefix", () => {
    expect(providerOf({ id: "google/veo-3.1" })).toBe("google");
    expect(providerOf({ id: "standalone" })).toBeNull();
  });

  it("aspect ratios", () => {
    expect(parseAspectRatio("21:9")).toEqual({ width: 21, height: 9 });
    expect(parseAspectRatio("wide")).toBeNull();
    expect(["1:1", "9:16", "21:9", "4:3", "odd"].sort(compareAspectRatios)).toEqual(["21:9", "4:3", "1:1", "9:16", "odd"]);
  });

  it("resolutions in the gateway's order", () => {
    expect(["4K", "1080p", "480p", "1K", "720p"].sort(compareResolutions)).toEqual(["480p", "720p", "1080p", "1K", "4K"]);
  });

  it("duration range", () => {
    expect(formatDurationRange([8, 4, 6])).toBe("4–8 s");
    expect(formatDurationRange([5])).toBe("5 s");
    expect(formatDurationRange([])).toBeNull();
  });
});
