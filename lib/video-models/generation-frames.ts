/**
 * First and last frame images of a video generation (the OpenAPI's `frame_images`): what the form
 * accepts, what the BFF accepts, and how an image travels (an https URL, or a base64 data: URL made
 * from an upload or a workspace file). Pure and without zod, so the form's first load can use it.
 */

import { frameLabel, type FrameType } from "./generation-frame-types";

export const FRAME_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type FrameImageType = (typeof FRAME_IMAGE_TYPES)[number];

/**
 * One frame image's bytes at most. Two of them as data: URLs (4/3 of this each) stay under the
 * gateway's 4 MB JSON bound, and the request under the BFF's; larger photos belong on an https URL.
 */
export const FRAME_IMAGE_MAX_BYTES = 1024 * 1024;

const DATA_URL_PREFIX = (type: string) => `data:${type};base64,`;
const LONGEST_PREFIX = Math.max(...FRAME_IMAGE_TYPES.map((type) => DATA_URL_PREFIX(type).length));

/** An https URL's length at most (the contract's bound on URLs). */
const FRAME_HTTPS_URL_MAX_CHARS = 8192;
/** A frame value's length at most: a data: URL of the largest image allowed. */
export const FRAME_URL_MAX_CHARS = LONGEST_PREFIX + Math.ceil(FRAME_IMAGE_MAX_BYTES / 3) * 4;

/** "1.0 MB", "640 kB", "67 B". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} B`;
}

const EXTENSIONS: Record<string, FrameImageType> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/**
 * The frame image type of a file (a browser File's `type`, a gateway file's `mime_type`: its `type` is the
 * object's kind, "file"), else its name's extension; null when it is none of them.
 */
export function frameImageTypeOf(file: { type?: string; mime_type?: string; name?: string; filename?: string }): FrameImageType | null {
  const declared = (file.mime_type ?? file.type ?? "").toLowerCase().split(";")[0].trim();
  if ((FRAME_IMAGE_TYPES as readonly string[]).includes(declared)) return declared as FrameImageType;
  if (declared !== "" && declared !== "application/octet-stream") return null;
  const name = file.name ?? file.filename ?? "";
  const dot = name.lastIndexOf(".");
  return dot < 0 ? null : (EXTENSIONS[name.slice(dot + 1).toLowerCase()] ?? null);
}

/** Why a file cannot be a frame image (its type, its size), naming the field; null when it can. */
export function frameFileProblem(file: { type?: string; mime_type?: string; name?: string; filename?: string; size: number }, frame: FrameType): string | null {
  const label = frameLabel(frame);
  if (frameImageTypeOf(file) === null) return `${label}: ${file.name ?? file.filename ?? "the file"} is not a PNG, JPEG or WebP image`;
  if (file.size > FRAME_IMAGE_MAX_BYTES) return `${label}: the image is ${formatBytes(file.size)}, over the ${formatBytes(FRAME_IMAGE_MAX_BYTES)} limit`;
  if (file.size === 0) return `${label}: the image is empty`;
  return null;
}

/** The first bytes each type starts with (its signature). */
function signatureMatches(type: FrameImageType, head: string): boolean {
  if (type === "image/png") return head.startsWith("\x89PNG\r\n\x1a\n");
  if (type === "image/jpeg") return head.startsWith("\xff\xd8\xff");
  return head.startsWith("RIFF") && head.slice(8, 12) === "WEBP";
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 text stands for. */
function base64Bytes(text: string): number {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

export interface ParsedFrameDataUrl {
  type: FrameImageType;
  base64: string;
  bytes: number;
}

/** A data: URL of a frame image, or why it is not one (no field name: the caller adds it). */
export function parseFrameDataUrl(url: string): ParsedFrameDataUrl | string {
  const comma = url.indexOf(",");
  const header = comma < 0 ? "" : url.slice(0, comma + 1).toLowerCase();
  const type = FRAME_IMAGE_TYPES.find((candidate) => header === DATA_URL_PREFIX(candidate));
  if (!type) return "must be a base64 data: URL of a PNG, JPEG or WebP image (data:image/png;base64,…)";
  const base64 = url.slice(comma + 1);
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) return "is not valid base64";
  const bytes = base64Bytes(base64);
  if (bytes > FRAME_IMAGE_MAX_BYTES) return `is an image of ${formatBytes(bytes)}, over the ${formatBytes(FRAME_IMAGE_MAX_BYTES)} limit`;
  if (!signatureMatches(type, atob(base64.slice(0, 16)))) return `does not hold a ${type.slice("image/".length).toUpperCase()} image (its first bytes are not one)`;
  return { type, base64, bytes };
}

/**
 * Why a frame value cannot be sent (null when it can): an https URL of at most 8192 characters, or a
 * data: URL of a PNG, JPEG or WebP image of at most FRAME_IMAGE_MAX_BYTES whose bytes are that type.
 */
export function frameUrlProblem(url: string): string | null {
  if (url.startsWith("https://")) {
    if (url.length > FRAME_HTTPS_URL_MAX_CHARS) return `must be at most ${FRAME_HTTPS_URL_MAX_CHARS} characters as an https URL`;
    try {
      new URL(url);
      return null;
    } catch {
      return "is not a valid URL";
    }
  }
  if (!url.startsWith("data:")) return "must be an https URL or a data: URL of an image";
  const parsed = parseFrameDataUrl(url);
  return typeof parsed === "string" ? parsed : null;
}

/** A frame image's bytes as the data: URL the BFF takes (base64 in chunks: one huge argument list would overflow the stack). */
export function frameDataUrl(type: FrameImageType, bytes: Uint8Array): string {
  let binary = "";
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `${DATA_URL_PREFIX(type)}${btoa(binary)}`;
}
