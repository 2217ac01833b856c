import type { VideoModel } from "@/lib/contract/gateway";
import { normalizeResolution } from "./sku";

/** "google/veo-3.1" -> "google". A model id without a prefix has no stated provider. */
export function providerOf(model: Pick<VideoModel, "id">): string | null {
  const slash = model.id.indexOf("/");
  return slash > 0 ? model.id.slice(0, slash) : null;
}

export interface AspectRatio {
  width: number;
  height: number;
}

/** "16:9" -> {16, 9}; anything else -> null (drawn as text only). */
export function parseAspectRatio(value: string): AspectRatio | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*[:x/]\s*(\d+(?:\.\d+)?)\s*$/i.exec(value);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Widest first, then square, then tallest: the order a person scans ratios in. Unreadable ones last, by name. */
export function compareAspectRatios(a: string, b: string): number {
  const ra = parseAspectRatio(a);
  const rb = parseAspectRatio(b);
  if (ra && rb) return rb.width / rb.height - ra.width / ra.height || a.localeCompare(b);
  if (ra) return -1;
  if (rb) return 1;
  return a.localeCompare(b);
}

function resolutionRank(value: string): [number, number] {
  const normalized = normalizeResolution(value);
  if (normalized?.endsWith("p")) return [0, Number(normalized.slice(0, -1))];
  if (normalized?.endsWith("K")) return [1, Number(normalized.slice(0, -1))];
  return [2, 0];
}

/** 480p < 720p < 1080p < 1K < 2K < 4K (the gateway's own order), unknown names last. */
export function compareResolutions(a: string, b: string): number {
  const [ga, na] = resolutionRank(a);
  const [gb, nb] = resolutionRank(b);
  return ga - gb || na - nb || a.localeCompare(b);
}

export function resolutionsOf(model: VideoModel): string[] {
  return [...new Set((model.supported_resolutions ?? []).map((value) => normalizeResolution(value) ?? value))].sort(compareResolutions);
}

export function aspectRatiosOf(model: VideoModel): string[] {
  return [...new Set(model.supported_aspect_ratios ?? [])].sort(compareAspectRatios);
}

export function durationsOf(model: VideoModel): number[] {
  return [...new Set(model.supported_durations ?? [])].sort((a, b) => a - b);
}

export function supportsFrame(model: VideoModel, frame: "first_frame" | "last_frame"): boolean {
  return (model.supported_frame_images ?? []).includes(frame);
}

const releaseFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" });

/** `created` (epoch seconds) as "Mar 3, 2025", in UTC so server and browser agree. */
export function formatReleaseDate(created: number): string {
  const date = new Date(created * 1000);
  return Number.isNaN(date.getTime()) ? "unknown" : releaseFormat.format(date);
}

/** "5–10 s", "8 s", or null when the model lists none. */
export function formatDurationRange(durations: number[]): string | null {
  if (durations.length === 0) return null;
  const min = Math.min(...durations);
  const max = Math.max(...durations);
  return min === max ? `${min} s` : `${min}–${max} s`;
}
