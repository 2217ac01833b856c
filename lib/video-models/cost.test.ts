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

  it("'generate' has no readable unit: n/a, not a guess", () => {
    const veo = videoModel({ id: "google/veo-3.1", pricing_skus: { generate: "0.50" } });
    expect(estimateCost(veo, { duration: 8, resolution: "720p", audio: false })).toEqual({ kind: "na", reason: "Unit unknown (generate)" });
  });

  it("n/a when the model does not offer the duration, resolution or audio", () => {
    expect(estimateCost(tiered, { duration: 5, resolution: "720p", audio: false })).toEqual({ kind: "na", reason: "No 5 s option" });
    expect(estimateCost(tiered, { duration: 8, resolution: "4K", audio: false })).toEqual({ kind: "na", reason: "No 4K option" });
    expect(estimateCost(tiered, { duration: 8, resolution: "720p", audio: true })).toEqual({ kind: "na", reason: "No audio option" });
  });

  it("n/a when no SKU covers the chosen settings", () => {
    const model = videoModel({
      id: "x/partial",
      generate_audio: true,
      supported_resolutions: ["720p", "1080p"],
      pricing_skus: { duration_seconds_with_audio_720p: "0.4" },
    });
    expect(estimateCost(model, { duration: 5, resolution: "1080p", audio: true })).toEqual({ kind: "na", reason: "No price for 1080p with audio" });
    expect(estimateCost(model, { duration: 5, resolution: "720p", audio: false })).toEqual({ kind: "na", reason: "No price for 720p without audio" });
  });

  it("n/a when two equally specific SKUs give different prices", () => {
    const model = videoModel({ id: "x/ambiguous", pricing_skus: { "per-video-second": "0.1", "per-video": "2" } });
    const estimate = estimateCost(model, { duration: 5, resolution: "720p", audio: false });
    expect(estimate.kind).toBe("na");
    expect(estimate.kind === "na" && estimate.reason).toMatch(/^Several prices apply/);
  });

  it("n/a with no prices at all", () => {
    expect(estimateCost(videoModel({ id: "x/none", pricing_skus: null }), { duration: 5, resolution: "720p", audio: false })).toEqual({
      kind: "na",
      reason: "No prices published",
    });
  });

  it("ignores SKUs with words it cannot read rather than applying them", () => {
    const model = videoModel({ id: "x/draft", pricing_skus: { per_second_draft: "0.01", "per-video-second": "0.1" } });
    expect(usd(estimateCost(model, { duration: 5, resolution: "720p", audio: false }))).toBeCloseTo(0.5, 10);
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
