import { describe, expect, it } from "vitest";
import { VideoGenerationRequestSchema } from "@/lib/contract/gateway";
import { videoModel } from "@/lib/video-models/test-models";
import { gatewayRequestFor, planGeneration } from "./video-generation-plan";

const veo = videoModel({ id: "google/veo-3.1", supported_durations: [4, 8], supported_frame_images: ["first_frame", "last_frame"], pricing_skus: { per_video_second: "0.40" } });
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

describe("a model the calculator cannot price", () => {
  const unpriced = videoModel({ id: "acme/unpriced", supported_durations: [5] });
  const perSecondNoLength = videoModel({ id: "acme/upscaler", supported_durations: null, pricing_skus: { "per-output-second": "0.02" } });
  const catalog = new Map([veo, unpriced, perSecondNoLength].map((model) => [model.id, model]));
  const request = (models: string[]) => ({ prompt: "A fox", models, settings: {} });

  it("is refused with a 400 naming it, unpriced and time-priced-without-a-length alike", () => {
    expect(() => planGeneration(request([veo.id, unpriced.id]), catalog)).toThrow(/models\[1\]: acme\/unpriced has no price .*No prices published/);
    expect(() => planGeneration(request([perSecondNoLength.id]), catalog)).toThrow(/models\[0\]: acme\/upscaler has no price .*length is not known/);
  });

  it("counts at the operator's ceiling when one is set, and the plan says it is not a complete estimate", () => {
    const plan = planGeneration(request([veo.id, unpriced.id]), catalog, { unpricedCeilingUsd: 2.5 });
    expect(plan.models.map((entry) => [entry.estimateUsd, entry.priced])).toEqual([[1.6, true], [2.5, false]]);
    expect(plan).toMatchObject({ totalUsd: 4.1, complete: false });
  });
});
