import "server-only";
import type { GenerationSettings } from "@/lib/contract/bff/video-generations";
import { FRAME_TYPES } from "@/lib/video-models/generation-frame-types";
import { formatBytes, parseFrameDataUrl } from "@/lib/video-models/generation-frames";
import { serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import type { VideoGenerationsStore } from "../db/video-generations-store";

/**
 * Refuses a generation whose frame images (those sent as data: URLs, which the app database keeps)
 * would take the user's stored frame bytes over VIDEO_MAX_FRAME_BYTES_PER_USER: without a bound one
 * user could grow the database by 2 MiB a click. 413 naming each frame field; an https frame is only
 * its address and costs nothing. Callers hold the user's lock (db.serialize) until the generation is
 * recorded, so two tabs cannot both pass with the same room.
 */
export async function checkFrameStorage(store: VideoGenerationsStore, userId: string, settings: GenerationSettings): Promise<void> {
  const sent = FRAME_TYPES.flatMap((frame) => {
    const url = settings[frame];
    const image = url?.startsWith("data:") ? parseFrameDataUrl(url) : undefined;
    return image === undefined || typeof image === "string" ? [] : [{ frame, bytes: image.bytes }];
  });
  if (sent.length === 0) return;
  const limit = serverEnv().VIDEO_MAX_FRAME_BYTES_PER_USER;
  const adding = sent.reduce((sum, image) => sum + image.bytes, 0);
  const stored = await store.storedFrameBytes(userId);
  if (stored + adding <= limit) return;
  const fields = sent.map((image) => `settings.${image.frame}`);
  const message = `the frame images of your generations already take ${formatBytes(stored)}; with ${formatBytes(adding)} more they would pass your limit of ${formatBytes(limit)}. Give the frame as an https URL instead, or ask the operator to raise VIDEO_MAX_FRAME_BYTES_PER_USER.`;
  throw new HttpError(413, `${fields.join(", ")}: ${message}`, {
    metadata: {
      issues: fields.map((path) => ({ path, message: `${path}: ${message}` })),
      setting: "VIDEO_MAX_FRAME_BYTES_PER_USER",
      limit_bytes: limit,
      stored_bytes: stored,
      frame_bytes: adding,
    },
  });
}
