import { describe, expect, it } from "vitest";
import { estimateCost, type CostEstimate } from "./cost";
import { formatUsd } from "./money";
import { videoModel } from "./test-models";

function usd(estimate: CostEstimate): number {
  if (estimate.kind !== "estimate") throw new Error(`expected an estimate, got n/a: ${estimate.reason}`);
  return estimate.usd;
}

describe("estimateCost", () => {
  const tiered = videoModel({
    id: "acme/tiered",
    supported_resolutions: ["720p", "1080p"],
    supported_durations: [4, 8],
    pricing_skus: { "per-video-second": "0.10", "per-video-second-1080p": "0.15" },
  });

  it("multiplies a per-second price by the duration", () => {
    const estimate = estimateCost(tiered, { duration: 8, resolution: "720p", audio: false });
    expect(usd(estimate)).toBeCloseTo(0.8, 10);
    expect(estimate.kind === "estimate" && estimate.sku.name).toBe("per-video-second");
    expect(estimate.kind === "estimate" && estimate.formula).toBe("$0.10/s × 8 s");
  });

  it("a SKU for the chosen resolution beats the general one", () => {
    const estimate = estimateCost(tiered, { duration: 8, resolution: "1080p", audio: false });
    expect(usd(estimate)).toBeCloseTo(1.2, 10);
    expect(estimate.kind === "estimate" && estimate.sku.name).toBe("per-video-second-1080p");
  });

  it("picks the audio SKU matching the audio setting", () => {
    const veo = videoModel({
      id: "google/veo-like",
      generate_audio: true,
      supported_durations: [4, 6, 8],
      pricing_skus: { duration_seconds_with_audio_720p: "0.40", duration_seconds_without_audio_720p: "0.20" },
    });
    expect(usd(estimateCost(veo, { duration: 8, resolution: "720p", audio: true }))).toBeCloseTo(3.2, 10);
    expect(usd(estimateCost(veo, { duration: 8, resolution: "720p", audio: false }))).toBeCloseTo(1.6, 10);
  });

  it("converts cents", () => {
    const model = videoModel({ id: "x/cents", supported_resolutions: ["480p"], pricing_skus: { cents_per_video_output_second_480p: "5" } });
    expect(usd(estimateCost(model, { duration: 5, resolution: "480p", audio: false }))).toBeCloseTo(0.25, 10);
  });

  it("a per-video price does not depend on the duration", () => {
    const model = videoModel({ id: "x/flat", pricing_skus: { "per-video": "1.50" } });
    expect(usd(estimateCost(model, { duration: 5, resolution: "720p", audio: false }))).toBe(1.5);
    expect(usd(estimateCost(model, { duration: 8, resolution: "720p", audio: false }))).toBe(1.5);
  });

  it("per minute is prorated by the second", () => {
    const model = videoModel({ id: "x/minute", supported_durations: [30], pricing_skus: { "per-minute": "6" } });
    expect(usd(estimateCost(model, { duration: 30, resolution: "720p", audio: false }))).toBe(3);
  });

  const audioAt720pOnly = videoModel({
    id: "x/partial",
    generate_audio: true,
    supported_resolutions: ["720p", "1080p"],
    pricing_skus: { duration_seconds_with_audio_720p: "0.4" },
  });
  it.each([
    { when: "'generate' has no readable unit (n/a, not a guess)", model: videoModel({ id: "google/veo-3.1", pricing_skus: { generate: "0.50" } }), duration: 8, resolution: "720p", audio: false, reason: "Unit unknown (generate)" },
    { when: "the model does not offer the duration", model: tiered, duration: 5, resolution: "720p", audio: false, reason: "No 5 s option" },
    { when: "the model does not offer the resolution", model: tiered, duration: 8, resolution: "4K", audio: false, reason: "No 4K option" },
    { when: "the model does not offer audio", model: tiered, duration: 8, resolution: "720p", audio: true, reason: "No audio option" },
    { when: "no SKU covers the settings (with audio)", model: audioAt720pOnly, duration: 5, resolution: "1080p", audio: true, reason: "No price for 5 s · 1080p · with audio" },
    { when: "no SKU covers the settings (without audio)", model: audioAt720pOnly, duration: 5, resolution: "720p", audio: false, reason: "No price for 5 s · 720p · without audio" },
    { when: "there are no prices at all", model: videoModel({ id: "x/none", pricing_skus: null }), duration: 5, resolution: "720p", audio: false, reason: "No prices published" },
  ])("n/a when $when", ({ model, duration, resolution, audio, reason }) => {
    expect(estimateCost(model, { duration, resolution, audio })).toEqual({ kind: "na", reason });
  });

  it("n/a when two equally specific SKUs give different prices", () => {
    const model = videoModel({ id: "x/ambiguous", pricing_skus: { "per-video-second": "0.1", "per-video": "2" } });
    const estimate = estimateCost(model, { duration: 5, resolution: "720p", audio: false });
    expect(estimate.kind).toBe("na");
    expect(estimate.kind === "na" && estimate.reason).toMatch(/^Several prices apply/);
  });

  it("ignores SKUs with words it cannot read rather than applying them, and lists them", () => {
    const model = videoModel({ id: "x/draft", pricing_skus: { per_second_draft: "0.01", "per-video-second": "0.1" } });
    const estimate = estimateCost(model, { duration: 5, resolution: "720p", audio: false });
    expect(usd(estimate)).toBeCloseTo(0.5, 10);
    expect(estimate.kind === "estimate" && estimate.excluded.map((sku) => sku.name)).toEqual(["per_second_draft"]);
  });

  it("a fixed-length SKU prices one video of exactly that length", () => {
    const hailuo = videoModel({
      id: "minimax/hailuo-like",
      supported_durations: [6, 10],
      supported_resolutions: ["768p", "1080p"],
      pricing_skus: { "generate-6s-768p": "0.28", "generate-10s-768p": "0.56", "generate-6s-1080p": "0.49" },
    });
    const six = estimateCost(hailuo, { duration: 6, resolution: "768p", audio: false });
    expect(usd(six)).toBe(0.28);
    expect(six.kind === "estimate" && six.formula).toBe("$0.28 per 6 s video");
    expect(usd(estimateCost(hailuo, { duration: 10, resolution: "768p", audio: false }))).toBe(0.56);
    expect(estimateCost(hailuo, { duration: 10, resolution: "1080p", audio: false })).toEqual({ kind: "na", reason: "No price for 10 s · 1080p · without audio" });
  });

  it("when a model prices audio explicitly, its unmarked SKUs are not taken as the audio price", () => {
    const wan = videoModel({
      id: "alibaba/wan-like",
      generate_audio: true,
      supported_resolutions: ["480p", "720p"],
      pricing_skus: { duration_seconds_480p: "0.05", duration_seconds_720p: "0.10", duration_seconds_with_audio_720p: "0.12" },
    });
    expect(usd(estimateCost(wan, { duration: 5, resolution: "720p", audio: true }))).toBeCloseTo(0.6, 10);
    expect(usd(estimateCost(wan, { duration: 5, resolution: "720p", audio: false }))).toBeCloseTo(0.5, 10);
    expect(usd(estimateCost(wan, { duration: 5, resolution: "480p", audio: false }))).toBeCloseTo(0.25, 10);
    // 480p has only an unmarked price, which is the silent one: no guess for 480p with audio.
    expect(estimateCost(wan, { duration: 5, resolution: "480p", audio: true })).toEqual({ kind: "na", reason: "No price for 5 s · 480p · with audio" });
  });

  it("an estimate next to a SKU of unknown unit says that SKU was not included", () => {
    const veo = videoModel({
      id: "google/veo-like",
      generate_audio: true,
      pricing_skus: { generate: "0.50", per_video_second: "0.40", per_video_second_with_audio: "0.75" },
    });
    const silent = estimateCost(veo, { duration: 8, resolution: "720p", audio: false });
    expect(usd(silent)).toBeCloseTo(3.2, 10);
    expect(silent.kind === "estimate" && silent.excluded.map((sku) => sku.name)).toEqual(["generate"]);
    expect(usd(estimateCost(veo, { duration: 8, resolution: "720p", audio: true }))).toBeCloseTo(6, 10);
  });

  it("models that list no options do not block an estimate", () => {
    const model = videoModel({ id: "x/open", supported_durations: null, supported_resolutions: null, pricing_skus: { "per-video-second": "0.1" } });
    expect(usd(estimateCost(model, { duration: 7, resolution: "1080p", audio: false }))).toBeCloseTo(0.7, 10);
  });
});

describe("formatUsd", () => {
  it("keeps sub-dollar precision and hides float noise", () => {
    expect(formatUsd(0.0125)).toBe("$0.0125");
    expect(formatUsd(0.1 * 8)).toBe("$0.80");
    expect(formatUsd(3.2)).toBe("$3.20");
    expect(formatUsd(12.345)).toBe("$12.35");
  });
});
