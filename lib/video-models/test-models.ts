import { VideoModelSchema, type VideoModel } from "@/lib/contract/gateway";

/** A contract-valid video model for unit tests; parsed with the shared schema so fixtures cannot drift from the wire shape. */
export function videoModel(overrides: Partial<VideoModel> & { id: string }): VideoModel {
  return VideoModelSchema.parse({
    canonical_slug: overrides.id,
    name: overrides.id,
    description: "",
    created: 1_700_000_000,
    generate_audio: false,
    pricing_skus: {},
    seed: null,
    supported_aspect_ratios: ["16:9"],
    supported_durations: [5, 8],
    supported_frame_images: [],
    supported_resolutions: ["720p"],
    supported_sizes: null,
    allowed_passthrough_parameters: [],
    ...overrides,
  });
}
