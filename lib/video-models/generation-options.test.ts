import { describe, expect, it } from "vitest";
import { MAX_MODELS_PER_GENERATION } from "@/lib/contract/bff/video-generations";
import { generationOptions, MAX_MODELS, modelsFromParam } from "./generation-options";
import { videoModel } from "./test-models";

describe("generation options", () => {
  it("offers every value one chosen model takes, sorted", () => {
    const a = videoModel({ id: "a", supported_durations: [8, 4], supported_resolutions: ["1080p"], generate_audio: true, seed: false });
    const b = videoModel({ id: "b", supported_durations: [5, 8], supported_resolutions: ["720p"], seed: false });
    const options = generationOptions([a, b]);
    expect(options.durations).toEqual([4, 5, 8]);
    expect(options.resolutions).toEqual(["720p", "1080p"]);
    expect(options.audio).toBe(true);
    expect(options.seed).toBe(false);
    expect(generationOptions([]).durations).toEqual([]);
    expect(generationOptions([]).audio).toBe(false);
  });

  it("offers a frame image when one chosen model takes it", () => {
    const both = videoModel({ id: "both", supported_frame_images: ["first_frame", "last_frame"] });
    const first = videoModel({ id: "first", supported_frame_images: ["first_frame"] });
    const none = videoModel({ id: "none", supported_frame_images: null });
    expect(generationOptions([first, none]).frames).toEqual(["first_frame"]);
    expect(generationOptions([none, both]).frames).toEqual(["first_frame", "last_frame"]);
    expect(generationOptions([none]).frames).toEqual([]);
  });

  it("reads the models parameter: known ids, once each, at most max", () => {
    expect(modelsFromParam("a, b,a,,c", new Set(["a", "b", "c"]), 2)).toEqual(["a", "b"]);
    expect(modelsFromParam(["a", "x"], new Set(["a"]), 4)).toEqual(["a"]);
    expect(modelsFromParam(undefined, null, 4)).toEqual([]);
  });

  it("allows as many models as the BFF does", () => {
    expect(MAX_MODELS).toBe(MAX_MODELS_PER_GENERATION);
  });
});
