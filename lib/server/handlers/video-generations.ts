import "server-only";
import { z } from "zod";
import { CreateGenerationRequestSchema, GenerationListQuerySchema, IdempotencyKeySchema, type Generation, type GenerationListResponse } from "@/lib/contract/bff/video-generations";
import { appContext } from "../config/app-context";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { API_HEADERS, HttpError, jsonResponse } from "../http/errors";
import { serverEnv } from "../config/env";
import { defineRoute } from "../http/route";
import { catalogById, planGeneration } from "../video-generation/video-generation-plan";
import { refreshJobs } from "../video-generation/video-job-polling";
import { submitGeneration } from "../video-generation/video-submission";
import { FRAME_TYPES } from "@/lib/video-models/generation-frame-types";
import { FRAME_URL_MAX_CHARS } from "@/lib/video-models/generation-frames";
import { cachedVideoModelCatalog } from "./catalog";

type IdParams = { id: string };
type FrameParams = { id: string; frame: string };

/** A generation's body: the prompt and settings, with room for two frame images as data: URLs. */
const CREATE_BODY_LIMIT = 2 * FRAME_URL_MAX_CHARS + 64 * 1024;
const FrameParamSchema = z.enum(FRAME_TYPES, { message: `must be ${FRAME_TYPES.join(" or ")}` });

const GenerationIdSchema = z.uuid({ message: "must be a generation id" });

/** The list's cursor: the last entry's (created_at, id), opaque to the browser. */
const CursorSchema = z.tuple([z.string().max(40), z.uuid()]);

function encodeCursor(generation: Generation): string {
  return Buffer.from(JSON.stringify([generation.created_at, generation.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  let value: unknown = null;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    // Falls through to the 400 below.
  }
  const parsed = CursorSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, "cursor is not a cursor this list gave out", { metadata: { issues: [{ path: "cursor", message: "cursor is malformed" }] } });
  return { createdAt: parsed.data[0], id: parsed.data[1] };
}

async function generationOr404(id: string): Promise<Generation> {
  const generation = await (await appContext()).videoGenerations.get(parseWith(GenerationIdSchema, id, "Invalid generation id"));
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
  const plan = planGeneration(body, catalogById((await cachedVideoModelCatalog()).body), { unpricedCeilingUsd: serverEnv().VIDEO_UNPRICED_MODEL_CEILING_USD });
  const { generation, replayed } = await submitGeneration(await appContext(), user, body, plan, idempotencyKey);
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

/** One page of the history with the cursor of the next (the route's answer; the history page prefetches it). */
export async function readGenerationHistory(limit: number, cursor?: string): Promise<GenerationListResponse> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const page = await (await appContext()).videoGenerations.list(limit + 1, after);
  const data = page.slice(0, limit);
  return { data, next_cursor: page.length > limit ? encodeCursor(data[data.length - 1]) : null };
}

/** One generation as stored, without asking the gateway (the run page's prefetch; its polling refreshes). */
export async function readGeneration(id: string): Promise<Generation | undefined> {
  if (!GenerationIdSchema.safeParse(id).success) return undefined;
  return (await appContext()).videoGenerations.get(id);
}

/** GET /api/videos/generations/{id}: the generation with its jobs, the due ones refreshed from the gateway first. */
export const getGeneration = defineRoute<IdParams>({ role: "viewer", limit: "gateway" }, async ({ request, params }) => {
  const { id } = await generationOr404(params.id);
  const store = (await appContext()).videoGenerations;
  await refreshJobs(store, id, request.signal);
  return jsonResponse({ data: await store.get(id) });
});

/** POST /api/videos/generations/{id}/cancel: stops following the jobs still running; the record stays. */
export const cancelGeneration = defineRoute<IdParams>({ role: "editor", mutating: true }, async ({ params, user }) => {
  const generation = await generationOr404(params.id);
  if (generation.user.id !== user.id && user.role !== "admin") {
    throw new HttpError(403, "Only the person who started this generation, or an admin, may cancel it");
  }
  const store = (await appContext()).videoGenerations;
  await store.cancel(generation.id, new Date().toISOString());
  return jsonResponse({ data: await store.get(generation.id) });
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
  const image = await (await appContext()).videoGenerations.frameImage(id, frame);
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
