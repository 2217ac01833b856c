import "server-only";
import { z } from "zod";
import { CreateGenerationRequestSchema, GenerationListQuerySchema, IdempotencyKeySchema, type Generation } from "@/lib/contract/bff/video-generations";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { API_HEADERS, HttpError, jsonResponse } from "../http/errors";
import { defineRoute, type IdParams, type RouteParams } from "../http/route";
import {
  cancelRecordedGeneration,
  GenerationIdSchema,
  readFrameImage,
  readGenerationHistory,
  readRecordedGeneration,
  refreshGeneration,
  startGeneration,
} from "../services/video-generations";
import { FRAME_TYPES } from "@/lib/video-models/generation-frame-types";
import { FRAME_URL_MAX_CHARS } from "@/lib/video-models/generation-frames";

type FrameParams = RouteParams<"id" | "frame">;

/** A generation's body: the prompt and settings, with room for two frame images as data: URLs. */
const CREATE_BODY_LIMIT = 2 * FRAME_URL_MAX_CHARS + 64 * 1024;
const FrameParamSchema = z.enum(FRAME_TYPES, { message: `must be ${FRAME_TYPES.join(" or ")}` });

async function generationOr404(id: string): Promise<Generation> {
  const generation = await readRecordedGeneration(parseWith(GenerationIdSchema, id, "Invalid generation id"));
  if (!generation) throw new HttpError(404, `No video generation ${id}`);
  return generation;
}

/**
 * POST /api/videos/generations: checks the models and settings against the catalog, estimates the
 * cost, applies the user's spending guard, then submits one gateway job per model. 202 with the
 * generation; the same Idempotency-Key again answers the same generation (Idempotent-Replayed).
 */
export const createGeneration = defineRoute({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, user }) => {
  const idempotencyKey = parseWith(IdempotencyKeySchema, request.headers.get("idempotency-key") ?? undefined, "Invalid Idempotency-Key header");
  const body = parseWith(CreateGenerationRequestSchema, await readJsonBody(request, CREATE_BODY_LIMIT));
  const { generation, replayed } = await startGeneration(user, body, idempotencyKey);
  return jsonResponse({ data: generation }, { status: 202, headers: replayed ? { "Idempotent-Replayed": "true" } : {} });
});

/**
 * GET /api/videos/generations: everyone's history, newest first (no gateway call: the record is ours).
 * Charged to the reads bucket like every other list: 100 entries a call still cost the database.
 */
export const listGenerations = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request }) => {
  const query = parseQuery(request, GenerationListQuerySchema);
  return jsonResponse(await readGenerationHistory(query.limit, query.cursor));
});

/** GET /api/videos/generations/{id}: the generation with its jobs, the due ones refreshed from the gateway first. */
export const getGeneration = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const { id } = await generationOr404(params.id);
  return jsonResponse({ data: await refreshGeneration(id, request.signal) });
});

/** POST /api/videos/generations/{id}/cancel: stops following the jobs still running; the record stays. */
export const cancelGeneration = defineRoute<IdParams>({ role: "editor", mutating: true }, async ({ params, user }) => {
  const generation = await generationOr404(params.id);
  if (generation.user.id !== user.id && user.role !== "admin") {
    throw new HttpError(403, "Only the person who started this generation, or an admin, may cancel it");
  }
  return jsonResponse({ data: await cancelRecordedGeneration(generation.id) });
});

/**
 * GET /api/videos/generations/{id}/frames/{frame}: the frame image a generation was sent as a data: URL
 * (the routes answer that path in its settings instead of the megabytes); the only reader of the frames'
 * table. Only the three image types the BFF let in, with nosniff and a sandboxing CSP, so an image can
 * never run as a page.
 */
export const getGenerationFrame = defineRoute<FrameParams>({ role: "viewer", limit: "gateway" }, async ({ params }) => {
  const id = parseWith(GenerationIdSchema, params.id, "Invalid generation id");
  const frame = parseWith(FrameParamSchema, params.frame, "Invalid frame");
  const image = await readFrameImage(id, frame);
  if (!image) throw new HttpError(404, `Generation ${id} has no ${frame} image stored here`);
  return new Response(new Uint8Array(image.bytes), {
    status: 200,
    headers: {
      "Content-Type": image.type,
      "Content-Length": String(image.bytes.length),
      // A generation's frame never changes.
      "Cache-Control": "private, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ...API_HEADERS,
    },
  });
});
