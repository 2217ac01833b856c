import { describe, expect, it } from "vitest";
import { planForModel } from "./generation-settings";
import { videoModel } from "./test-models";

const veo = videoModel({
  id: "google/veo-3.1",
  generate_audio: true,
  seed: true,
  pricing_skus: { per_video_second: "0.40", per_video_second_with_audio: "0.75" },
  supported_durations: [4, 6, 8],
  supported_resolutions: ["720p", "1080p"],
  supported_aspect_ratios: ["16:9", "9:16"],
  supported_frame_images: ["first_frame", "last_frame"],
});
const kling = videoModel({
  id: "kwaivgi/kling",
  seed: false,
  pricing_skus: { "per-video-second": "0.07" },
  supported_durations: [5, 10],
  supported_resolutions: ["1080p"],
  supported_frame_images: ["first_frame"],
});

describe("planForModel", () => {
  it("takes the model's defaults where the settings are silent, and estimates their cost", () => {
    const plan = planForModel(veo, {});
    expect(plan.unsupported).toEqual([]);
    expect(plan.settings).toEqual({ duration: 4, resolution: "720p", aspect_ratio: "16:9", audio: true });
    expect(plan.cost).toMatchObject({ kind: "estimate", usd: 3 });
  });

  it("names every setting a model cannot take, with what it takes instead", () => {
    const plan = planForModel(kling, { duration: 4, resolution: "720p", audio: true, seed: 7, last_frame: "https://x/y.png" });
    expect(plan.unsupported.map((u) => u.field)).toEqual(["duration", "resolution", "audio", "seed", "last_frame"]);
    expect(plan.unsupported[0]).toMatchObject({ message: "kwaivgi/kling takes 5, 10", supported: [5, 10] });
    expect(planForModel(veo, { duration: 4, resolution: "720p", seed: 7, last_frame: "https://x/y.png" }).unsupported).toEqual([]);
  });

  it("prices the settings each model will really use", () => {
    expect(planForModel(veo, { duration: 8, audio: false }).cost).toMatchObject({ kind: "estimate", usd: 3.2 });
    const kling10 = planForModel(kling, { duration: 10 }).cost;
    expect(kling10.kind === "estimate" && kling10.usd).toBeCloseTo(0.7);
  });
});
