import "server-only";
import { z } from "zod";
import type { CreateGenerationRequest, Generation, GenerationListResponse } from "@/lib/contract/bff/video-generations";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { VideoJobSchema } from "@/lib/contract/gateway/videos";
import { FRAME_TYPES, frameLabel, type FrameType, type GenerationDraft } from "@/lib/video-models/generation-frame-types";
import { appContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import { encodeSegment, upstreamError, upstreamFetch, upstreamJson } from "../upstream/upstream";
import { catalogById, planGeneration } from "../video-generation/video-generation-plan";
import { refreshJobs, type FetchVideoJob } from "../video-generation/video-job-polling";
import { submitGeneration, type StartVideoJob } from "../video-generation/video-submission";
import { cachedVideoModelCatalog } from "./catalog";

/**
 * Video generations: our record of them (the app database) and the gateway's video jobs behind them. The only
 * module that spells the gateway's /videos paths (a job's submission, its polling, its content); the planning,
 * spending guard, submission and polling rules live in ../video-generation/ and are handed these calls. Reads of
 * the record make no gateway call; their routes charge the reads bucket themselves (one point a request).
 */

const VIDEOS_PATH = "/videos";
const videoJobPath = (gatewayJobId: string) => `${VIDEOS_PATH}/${encodeSegment(gatewayJobId)}`;

const startVideoJob: StartVideoJob = async (body, idempotencyKey) => {
  const { data } = await upstreamJson({ method: "POST", path: VIDEOS_PATH, json: body, headers: { "Idempotency-Key": idempotencyKey } }, VideoJobSchema);
  return data;
};

const fetchVideoJob: FetchVideoJob = (gatewayJobId, signal) => upstreamFetch({ method: "GET", path: videoJobPath(gatewayJobId), signal, bodyTimeout: true });

export const GenerationIdSchema = z.uuid({ message: "must be a generation id" });

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

/**
 * Checks the models and settings against the catalog, estimates the cost, applies the user's spending guard,
 * then submits one gateway job per model (or answers the generation this Idempotency-Key already made).
 */
export async function startGeneration(user: SessionUser, body: CreateGenerationRequest, idempotencyKey: string): Promise<{ generation: Generation; replayed: boolean }> {
  const plan = planGeneration(body, catalogById((await cachedVideoModelCatalog()).body), { unpricedCeilingUsd: serverEnv().VIDEO_UNPRICED_MODEL_CEILING_USD });
  return submitGeneration(await appContext(), user, body, plan, idempotencyKey, startVideoJob);
}

/** One page of the history with the cursor of the next (the route's answer; the history page reads it too). */
export async function readGenerationHistory(limit: number, cursor?: string): Promise<GenerationListResponse> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  const page = await (await appContext()).videoGenerations.list(limit + 1, after);
  const data = page.slice(0, limit);
  return { data, next_cursor: page.length > limit ? encodeCursor(data[data.length - 1]) : null };
}

/** One generation as stored, without asking the gateway (the run page's prefetch; its polling refreshes); null when there is none. */
export async function readGeneration(id: string): Promise<Generation | null> {
  if (!GenerationIdSchema.safeParse(id).success) return null;
  return (await readRecordedGeneration(id)) ?? null;
}

/** The stored generation of a checked id. */
export async function readRecordedGeneration(id: string): Promise<Generation | undefined> {
  return (await appContext()).videoGenerations.get(id);
}

/** A recorded generation with its jobs, the due ones refreshed from the gateway first. */
export async function refreshGeneration(id: string, signal?: AbortSignal): Promise<Generation | undefined> {
  const store = (await appContext()).videoGenerations;
  await refreshJobs(store, id, fetchVideoJob, signal);
  return store.get(id);
}

/** Stops following the jobs still running; the record stays. */
export async function cancelRecordedGeneration(id: string): Promise<Generation | undefined> {
  const store = (await appContext()).videoGenerations;
  await store.cancel(id, new Date().toISOString());
  return store.get(id);
}

/** A frame image a generation was sent as a data: URL, as stored. */
export async function readFrameImage(id: string, frame: FrameType) {
  return (await appContext()).videoGenerations.frameImage(id, frame);
}

/**
 * An earlier generation as a draft for the form ("Run again"): its prompt, models and settings, and its frame
 * images as they were sent (the store keeps them; the routes answer only their paths). null when there is none.
 */
export async function readGenerationDraft(id: string): Promise<GenerationDraft | null> {
  const generation = await readGeneration(id);
  if (!generation) return null;
  const { first_frame: _first, last_frame: _last, ...settings } = generation.settings;
  const frames: GenerationDraft["frames"] = {};
  const store = (await appContext()).videoGenerations;
  for (const frame of FRAME_TYPES) {
    const url = await store.frame(generation.id, frame);
    if (!url) continue;
    // A data: URL's bytes from its base64 length; an https frame is shown by its address.
    const base64 = url.startsWith("data:") ? url.slice(url.indexOf(",") + 1) : "";
    const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
    frames[frame] = { url, name: `${frameLabel(frame)} of the earlier run`, bytes: Math.floor((base64.length * 3) / 4) - padding };
  }
  return { prompt: generation.prompt, models: generation.models, settings, frames };
}

/** Whether a gateway job id is one of the history's (only those may be relayed). */
export async function isRecordedJob(gatewayJobId: string): Promise<boolean> {
  return Boolean(await (await appContext()).videoGenerations.jobByGatewayId(gatewayJobId));
}

/**
 * GET /videos/{jobId}/content: the gateway's streamed answer with the request headers given (a player's Range),
 * as it came when it is a success or a 416; the contract's error otherwise.
 */
export async function fetchVideoContent(gatewayJobId: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  const upstream = await upstreamFetch({ method: "GET", path: `${videoJobPath(gatewayJobId)}/content`, headers, signal });
  if (!upstream.ok && upstream.status !== 416) throw await upstreamError(upstream);
  return upstream;
}
