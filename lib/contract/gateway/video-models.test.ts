import { describe, expect, it } from "vitest";
import { VideoModelListResponseSchema, VideoModelSchema } from "./video-models";
import { issuePaths, itParsesReferenceExamples } from "./test-fixtures/issues";

const model = {
  id: "google/veo-3.1",
  canonical_slug: "google/veo-3.1",
  name: "Veo 3.1",
  description: "Google video generation model",
  created: 1700000000,
  generate_audio: true,
  pricing_skus: { generate: "0.50" },
  seed: null,
  supported_aspect_ratios: ["16:9"],
  supported_durations: [5, 8],
  supported_frame_images: ["first_frame", "last_frame"],
  supported_resolutions: ["720p"],
  supported_sizes: null,
  allowed_passthrough_parameters: [],
};

describe("video model readers", () => {
  itParsesReferenceExamples([
    ["videoModelList", VideoModelListResponseSchema],
    ["videoModel", VideoModelSchema],
  ]);

  it("accept the real gateway's extra and wider fields", () => {
    const parsed = VideoModelSchema.parse({
      ...model,
      upscale_factor: { min: 1, max: 4 },
      creativity: [1, 2, 3],
      hugging_face_id: null,
      supported_aspect_ratios: ["5:4"],
      supported_sizes: ["1280x720"],
      seed: true,
      brand_new: "kept",
    });
    expect(parsed.upscale_factor).toEqual({ min: 1, max: 4 });
    expect(parsed.brand_new).toBe("kept");
    expect(issuePaths(VideoModelSchema, { ...model, upscale_factor: null, creativity: null })).toEqual([]);
  });

  it("require the contract's fields with their types", () => {
    expect(issuePaths(VideoModelSchema, { ...model, supported_durations: ["5s"] })).toEqual(["supported_durations[0]"]);
    expect(issuePaths(VideoModelSchema, { ...model, created: "2023" })).toEqual(["created"]);
    expect(issuePaths(VideoModelListResponseSchema, {})).toEqual(["data"]);
  });
});
