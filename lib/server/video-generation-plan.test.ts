import { describe, expect, it } from "vitest";
import { VideoGenerationRequestSchema } from "@/lib/gateway";
import { videoModel } from "@/lib/video-models/test-models";
import { gatewayRequestFor, planGeneration } from "./video-generation-plan";

const veo = videoModel({ id: "google/veo-3.1", supported_durations: [4, 8], supported_frame_images: ["first_frame", "last_frame"] });
const FIRST = "data:image/png;base64,iVBORw0KGgo=";
const LAST = "https://example.com/last.png";

describe("the gateway request of one model", () => {
  it("sends frame images exactly as the OpenAPI's FrameImage: an image_url part with its frame_type", () => {
    const request = { prompt: "A fox", models: [veo.id], settings: { first_frame: FIRST, last_frame: LAST } };
    const [entry] = planGeneration(request, new Map([[veo.id, veo]])).models;
    const sent = gatewayRequestFor(entry, request);
    expect(sent.frame_images).toEqual([
      { type: "image_url", image_url: { url: FIRST }, frame_type: "first_frame" },
      { type: "image_url", image_url: { url: LAST }, frame_type: "last_frame" },
    ]);
    expect(VideoGenerationRequestSchema.safeParse(sent).success).toBe(true);
  });

  it("sends no frame_images when none was chosen", () => {
    const request = { prompt: "A fox", models: [veo.id], settings: {} };
    const [entry] = planGeneration(request, new Map([[veo.id, veo]])).models;
    expect(gatewayRequestFor(entry, request)).not.toHaveProperty("frame_images");
  });
});
