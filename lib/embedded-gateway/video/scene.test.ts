import { describe, expect, it } from "vitest";
import { wrapWords } from "./raster";
import { CLIP_FPS, frameCount, frameSize, renderFrame, type ClipSpec } from "./scene";

const spec: ClipSpec = {
  modelId: "google/veo-3.1",
  modelName: "Veo 3.1",
  prompt: "A serene mountain landscape at sunset",
  aspectRatio: "16:9",
  resolution: "720p",
  durationSeconds: 4,
  seed: 1,
  audio: false,
  frameImages: [],
};

describe("synthetic frames", () => {
  it("take the aspect ratio's shape at about 320×180 worth of pixels", () => {
    expect(frameSize("16:9")).toEqual({ width: 320, height: 180 });
    expect(frameSize("9:16")).toEqual({ width: 180, height: 320 });
    expect(frameSize("1:1")).toEqual({ width: 240, height: 240 });
    const wide = frameSize("21:9");
    expect(wide.width / wide.height).toBeCloseTo(21 / 9, 1);
    expect(frameCount({ durationSeconds: 8 })).toBe(8 * CLIP_FPS);
  });

  it("are deterministic, move over time and differ between models and seeds", () => {
    const pixels = (s: ClipSpec, i: number) => Buffer.from(renderFrame(s, i).data);
    expect(pixels(spec, 3).equals(pixels(spec, 3))).toBe(true);
    expect(pixels(spec, 3).equals(pixels(spec, 4))).toBe(false);
    expect(pixels(spec, 3).equals(pixels({ ...spec, modelId: "openai/sora-2", modelName: "Sora 2" }, 3))).toBe(false);
    expect(pixels(spec, 3).equals(pixels({ ...spec, seed: 2 }, 3))).toBe(false);
    expect(renderFrame({ ...spec, prompt: "ünïcødé 🎬 prompt" }, 0).data.length).toBe(320 * 180 * 4);
  });

  it("wrap prompt words into the lines that fit", () => {
    expect(wrapWords("one two three four", 9, 3)).toEqual(["one two", "three", "four"]);
    expect(wrapWords("one two three four five six", 9, 2)).toEqual(["one two", "three..."]);
  });
});
