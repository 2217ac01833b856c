import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { CreateGenerationRequest, Generation } from "@/lib/contract/bff/video-generations";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import type { VideoJob } from "@/lib/contract/gateway/videos";
import type { AppContext } from "../config/app-context";
import { HttpError } from "../http/errors";
import { gatewayRequestFor, type GenerationPlan, type PlannedModel } from "./video-generation-plan";
import type { JobUpdate } from "../db/video-generations-store";
import { jobUpdateFrom, pollDelayMs } from "./video-job-polling";
import { checkFrameStorage } from "./video-frame-quota";
import { checkVideoSpending } from "./video-spending-guard";
import { modelSpendingLock } from "../spending/model-spending";
import { inSpan } from "../observability/tracing";

/** What identifies "the same request" for an Idempotency-Key: the prompt, the models, the settings. */
function fingerprint(request: CreateGenerationRequest): string {
  const settings = Object.fromEntries(Object.entries(request.settings).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(JSON.stringify([request.prompt, request.models, settings])).digest("hex");
}

/**
 * The gateway's Idempotency-Key for one model's job: stable for this user, key and model, so a retry
 * after a crash between the gateway's answer and our record finds the gateway's job instead of a
 * second charge (on a gateway that honours the header; the BFF's own record covers the others).
 */
function gatewayKey(userId: string, key: string, model: string): string {
  return createHash("sha256").update(`${userId}\n${key}\n${model}`).digest("hex");
}

function explainRefusal(error: HttpError): string {
  if (error.status === 402) return `The gateway refused for lack of credits: ${error.message}`;
  if (error.status === 429) {
    const wait = error.headers?.["Retry-After"];
    return `The gateway's rate limit was reached${wait ? ` (it asks to wait ${wait} s)` : ""}: ${error.message}`;
  }
  return error.message;
}

/**
 * Whether the gateway may have started (and so will charge) a job whose submission ended in `error`:
 * no answer in time, a dropped connection, a 2xx we could not read, a 500/502/504 of the gateway's.
 * A refusal (4xx, its 503, a key it refused, a connection it refused) started nothing.
 */
function mayHaveStarted(error: HttpError): boolean {
  if (error.status < 500) return false;
  const upstream = error.metadata?.upstream_status;
  if (upstream === null || upstream === undefined) return error.status === 504 || error.metadata?.reason !== "ECONNREFUSED";
  return typeof upstream === "number" && (upstream < 300 || (upstream >= 500 && upstream !== 503));
}

/**
 * Starts one gateway job (the gateway's POST, spelled in services/video-generations.ts): its answer parsed, or
 * the HttpError of its refusal. `idempotencyKey` goes to the gateway as its Idempotency-Key.
 */
export type StartVideoJob = (body: ReturnType<typeof gatewayRequestFor>, idempotencyKey: string) => Promise<VideoJob>;

async function submitOne(startJob: StartVideoJob, entry: PlannedModel, request: CreateGenerationRequest, key: string): Promise<JobUpdate> {
  try {
    const data = await startJob(gatewayRequestFor(entry, request), key);
    // A gateway may answer with a job already over (a failure found at once): recorded as final then.
    return { next_poll_at: Date.now() + pollDelayMs(0), ...jobUpdateFrom(data), gateway_job_id: data.id };
  } catch (error) {
    // One model refused (credits, rate limit, a setting the gateway knows better): its job fails with
    // the reason, the others go on. One whose answer was lost may have run: its estimate stays counted.
    if (!(error instanceof HttpError)) throw error;
    const unknown = mayHaveStarted(error);
    return {
      status: "failed",
      error: unknown ? `${error.message} (the gateway may or may not have started, and charged, this job)` : explainRefusal(error),
      completed_at: new Date().toISOString(),
      next_poll_at: null,
      outcome_unknown: unknown ? 1 : 0,
    };
  }
}

/**
 * Records the generation and submits one gateway job per model, or returns the generation this
 * user's Idempotency-Key already made (`replayed`): a retried click is never charged twice. The
 * user's lock spans lookup, spending guard, record and submission, so a second tab sending the same
 * key waits and then gets the first one's generation.
 */
export async function submitGeneration(
  context: Pick<AppContext, "db" | "videoGenerations" | "ledger">,
  user: SessionUser,
  request: CreateGenerationRequest,
  plan: GenerationPlan,
  idempotencyKey: string,
  startJob: StartVideoJob,
): Promise<{ generation: Generation; replayed: boolean }> {
  const store = context.videoGenerations;
  const requestFingerprint = fingerprint(request);
  return context.db.serialize(modelSpendingLock(user.id), async () => {
    const earlier = await store.findByIdempotencyKey(user.id, idempotencyKey);
    if (earlier) {
      if (earlier.fingerprint !== requestFingerprint) {
        throw new HttpError(400, "Idempotency-Key was already used for another generation: send a new key for a new request", {
          metadata: { issues: [{ path: "Idempotency-Key", message: "Idempotency-Key was already used with a different request" }] },
        });
      }
      return { generation: earlier.generation, replayed: true };
    }

    await checkVideoSpending(context.ledger, user.id, plan.totalUsd);
    await checkFrameStorage(store, user.id, request.settings);
    const id = randomUUID();
    await store.create({
      id,
      user,
      prompt: request.prompt,
      settings: request.settings,
      models: request.models,
      estimatedCost: plan.totalUsd,
      estimateComplete: plan.complete,
      idempotencyKey,
      requestFingerprint,
      createdAt: new Date().toISOString(),
      jobs: plan.models.map((entry) => ({ model: entry.model.id, estimatedCost: entry.estimateUsd })),
    });
    const rows = await store.jobRows(id);
    // One span for the generation, the parent of its jobs' gateway calls (tracing on only).
    const updates = await inSpan("video generation", { "gatehouse.video.generation_id": id, "gatehouse.video.models": plan.models.length }, () =>
      Promise.all(
        plan.models.map((entry, position) => submitOne(startJob, entry, request, gatewayKey(user.id, idempotencyKey, entry.model.id)).then((update) => ({ jobRowId: rows[position].id, update }))),
      ),
    );
    await store.recordSubmissions(updates);
    return { generation: (await store.get(id))!, replayed: false };
  });
}
