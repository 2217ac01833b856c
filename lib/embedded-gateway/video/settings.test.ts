import { describe, expect, it } from "vitest";
import { VideoGenerationRequestSchema, VideoModelSchema, type VideoGenerationRequest } from "@/lib/contract/gateway";
import { HttpError } from "../http-error";
import { VIDEO_MODELS } from "../seed/video-models";
import { aspectRatioOfSize, resolveVideoSettings } from "./settings";

const model = (id: string) => VideoModelSchema.parse(VIDEO_MODELS.find((m) => m.id === id));
const request = (body: Record<string, unknown>): VideoGenerationRequest => VideoGenerationRequestSchema.parse({ prompt: "a fox in the snow", ...body });

/** The field a refusal names (from the 400's issues). */
function refusedField(body: Record<string, unknown>, id: string): string {
  try {
    resolveVideoSettings(request({ model: id, ...body }), model(id));
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    return ((error as HttpError).metadata as { issues: { path: string; message: string }[] }).issues[0].path;
  }
  throw new Error("accepted");
}

describe("settings against the model's supported lists", () => {
  it("fills in the model's defaults", () => {
    expect(resolveVideoSettings(request({ model: "google/veo-3.1" }), model("google/veo-3.1"))).toEqual({
      duration: 4,
      resolution: "720p",
      aspectRatio: "16:9",
      size: null,
      audio: true,
      seed: null,
      frameTypes: [],
    });
    const kling = resolveVideoSettings(request({ model: "kwaivgi/kling-v2.5-turbo-pro" }), model("kwaivgi/kling-v2.5-turbo-pro"));
    expect(kling).toMatchObject({ duration: 5, resolution: "1080p", audio: false });
  });

  it("takes every supported value", () => {
    const settings = resolveVideoSettings(
      request({ model: "google/veo-3.1", duration: 8, resolution: "1080p", aspect_ratio: "9:16", generate_audio: false, seed: 7, frame_images: [{ type: "image_url", image_url: { url: "https://example.com/a.png" }, frame_type: "last_frame" }] }),
      model("google/veo-3.1"),
    );
    expect(settings).toEqual({ duration: 8, resolution: "1080p", aspectRatio: "9:16", size: null, audio: false, seed: 7, frameTypes: ["last_frame"] });
  });

  it("refuses what the model does not support, naming the field", () => {
    expect(refusedField({ duration: 5 }, "google/veo-3.1")).toBe("duration");
    expect(refusedField({ resolution: "480p" }, "google/veo-3.1")).toBe("resolution");
    expect(refusedField({ aspect_ratio: "1:1" }, "google/veo-3.1")).toBe("aspect_ratio");
    expect(refusedField({ size: "1280x720" }, "google/veo-3.1")).toBe("size");
    expect(refusedField({ generate_audio: true }, "kwaivgi/kling-v2.5-turbo-pro")).toBe("generate_audio");
    expect(refusedField({ seed: 1 }, "kwaivgi/kling-v2.5-turbo-pro")).toBe("seed");
    expect(refusedField({ frame_images: [{ type: "image_url", image_url: { url: "data:," }, frame_type: "last_frame" }] }, "openai/sora-2")).toBe("frame_images[0].frame_type");
    expect(refusedField({ creativity: 2 }, "google/veo-3.1")).toBe("creativity");
    expect(refusedField({ upscale_factor: 2 }, "google/veo-3.1")).toBe("upscale_factor");
    expect(refusedField({ prompt: "  " }, "google/veo-3.1")).toBe("prompt");
    expect(refusedField({}, "topaz/video-upscale")).toBe("input_references");
    expect(refusedField({ input_references: [{ type: "video_url", video_url: { url: "https://x/v.mp4" } }], upscale_factor: 9 }, "topaz/video-upscale")).toBe("upscale_factor");
    expect(refusedField({ input_references: [{ type: "video_url", video_url: { url: "https://x/v.mp4" } }], duration: 5 }, "topaz/video-upscale")).toBe("duration");
  });

  it("the message says which values the model takes", () => {
    expect(() => resolveVideoSettings(request({ model: "google/veo-3.1", duration: 5 }), model("google/veo-3.1"))).toThrow(
      "duration must be one of 4, 6, 8 for google/veo-3.1",
    );
  });

  it("a size sets the aspect ratio and the model's closest resolution, and must agree with them when both are given", () => {
    expect(resolveVideoSettings(request({ model: "openai/sora-2-pro", size: "1792x768" }), model("openai/sora-2-pro"))).toMatchObject({
      size: "1792x768",
      aspectRatio: "7:3",
      resolution: "720p",
    });
    expect(resolveVideoSettings(request({ model: "openai/sora-2", size: "720x1280", aspect_ratio: "9:16", resolution: "720p" }), model("openai/sora-2"))).toMatchObject({
      aspectRatio: "9:16",
    });
    expect(refusedField({ size: "720x1280", aspect_ratio: "16:9" }, "openai/sora-2")).toBe("size");
    expect(refusedField({ size: "1920x1080", resolution: "720p" }, "alibaba/wan-2.5")).toBe("size");
    expect(aspectRatioOfSize("1280x720")).toBe("16:9");
  });

  it("a prompt may be left out when frame images carry the request", () => {
    const settings = resolveVideoSettings(
      VideoGenerationRequestSchema.parse({ model: "runway/gen-4-turbo", frame_images: [{ type: "image_url", image_url: { url: "https://example.com/a.png" }, frame_type: "first_frame" }] }),
      model("runway/gen-4-turbo"),
    );
    expect(settings.frameTypes).toEqual(["first_frame"]);
  });
});

describe("the request schema", () => {
  it("takes the OpenAPI's example and keeps unknown fields", () => {
    const parsed = VideoGenerationRequestSchema.parse({ aspect_ratio: "16:9", duration: 8, model: "google/veo-3.1", prompt: "A serene mountain landscape at sunset", resolution: "720p", extra: 1 });
    expect(parsed).toMatchObject({ extra: 1 });
  });

  it("refuses values outside the OpenAPI's enums and bounds", () => {
    for (const bad of [{ aspect_ratio: "5:4" }, { resolution: "360p" }, { duration: 0 }, { duration: 2.5 }, { size: "big" }, { callback_url: "http://example.com/hook" }]) {
      expect(VideoGenerationRequestSchema.safeParse({ model: "m", ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(VideoGenerationRequestSchema.safeParse({ prompt: "no model" }).success).toBe(false);
    const twice = { type: "image_url", image_url: { url: "https://e/a.png" }, frame_type: "first_frame" };
    expect(VideoGenerationRequestSchema.safeParse({ model: "m", frame_images: [twice, twice] }).success).toBe(false);
  });
});
