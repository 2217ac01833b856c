import { describe, expect, it } from "vitest";
import { VideoModelSchema } from "@/lib/contract/gateway";
import { VIDEO_MODELS } from "@/lib/embedded-gateway/seed/video-models";
import { estimateCost } from "./cost";
import { formatUsd } from "./money";
import { describeSku, parseSkus } from "./sku";

const models = VIDEO_MODELS.map((model) => VideoModelSchema.parse(model));

/**
 * The embedded gateway's catalog uses the naming schemes real providers use. Every SKU there must
 * be read as the table below says; a new scheme added to the seed fails here until it is read or
 * deliberately left "unit unknown".
 */
describe("SKU names of the embedded gateway's demo catalog", () => {
  it("reads every SKU", () => {
    const read = Object.fromEntries(models.flatMap((m) => parseSkus(m.pricing_skus).map((sku) => [`${m.id} ${sku.name}`, describeSku(sku)])));
    expect(read).toMatchInlineSnapshot(`
      {
        "alibaba/wan-2.5 duration_seconds_1080p": "per second · 1080p",
        "alibaba/wan-2.5 duration_seconds_480p": "per second · 480p",
        "alibaba/wan-2.5 duration_seconds_720p": "per second · 720p",
        "alibaba/wan-2.5 duration_seconds_with_audio_1080p": "per second · 1080p · with audio",
        "alibaba/wan-2.5 duration_seconds_with_audio_720p": "per second · 720p · with audio",
        "bytedance/seedance-1-pro cents_per_video_output_second_1080p": "per second · 1080p",
        "bytedance/seedance-1-pro cents_per_video_output_second_480p": "per second · 480p",
        "bytedance/seedance-1-pro cents_per_video_output_second_720p": "per second · 720p",
        "google/veo-3.1 generate": "unit unknown",
        "google/veo-3.1 per_video_second": "per second",
        "google/veo-3.1 per_video_second_with_audio": "per second · with audio",
        "google/veo-3.1-fast per_video_second": "per second",
        "google/veo-3.1-fast per_video_second_with_audio": "per second · with audio",
        "kwaivgi/kling-v2.5-turbo-pro per-video-second": "per second",
        "lightricks/ltx-2-pro per-video-second-1080p": "per second · 1080p",
        "lightricks/ltx-2-pro per-video-second-2k": "per second · 2K",
        "lightricks/ltx-2-pro per-video-second-4k": "per second · 4K",
        "minimax/hailuo-02 generate-10s-768p": "per video · 10 s video · 768p",
        "minimax/hailuo-02 generate-6s-1080p": "per video · 6 s video · 1080p",
        "minimax/hailuo-02 generate-6s-768p": "per video · 6 s video · 768p",
        "openai/sora-2 per_video_second": "per second",
        "openai/sora-2-pro per-video-second-1080p": "per second · 1080p",
        "openai/sora-2-pro per-video-second-720p": "per second · 720p",
        "runway/gen-4-turbo credits_per_second": "per second · unread: credits",
        "runway/gen-4-turbo per_video_second": "per second",
        "tencent/hunyuan-video generate": "unit unknown",
        "topaz/video-upscale per-output-second-1080p": "per second · 1080p",
        "topaz/video-upscale per-output-second-4k": "per second · 4K",
        "wan-ai/wan2.2-t2v-a14b per-video-480p": "per video · 480p",
        "wan-ai/wan2.2-t2v-a14b per-video-720p": "per video · 720p",
      }
    `);
  });

  it("estimates 8 s · 720p · without audio where the SKUs allow it", () => {
    const settings = { duration: 8, resolution: "720p", audio: false };
    const estimates = Object.fromEntries(
      models.map((m) => {
        const estimate = estimateCost(m, settings);
        return [m.id, estimate.kind === "estimate" ? formatUsd(estimate.usd) : `n/a: ${estimate.reason}`];
      }),
    );
    expect(estimates).toMatchInlineSnapshot(`
      {
        "alibaba/wan-2.5": "n/a: No 8 s option",
        "bytedance/seedance-1-pro": "n/a: No 8 s option",
        "google/veo-3.1": "$3.20",
        "google/veo-3.1-fast": "$0.80",
        "kwaivgi/kling-v2.5-turbo-pro": "n/a: No 8 s option",
        "lightricks/ltx-2-pro": "n/a: No 720p option",
        "minimax/hailuo-02": "n/a: No 8 s option",
        "openai/sora-2": "$0.80",
        "openai/sora-2-pro": "$2.40",
        "runway/gen-4-turbo": "n/a: No 8 s option",
        "tencent/hunyuan-video": "n/a: No 8 s option",
        "topaz/video-upscale": "n/a: No 720p option",
        "wan-ai/wan2.2-t2v-a14b": "n/a: No 8 s option",
      }
    `);
  });
});
