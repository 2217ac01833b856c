import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import { isVideoJobFinished, VideoJobSchema, type VideoJob } from "@/lib/contract/gateway/videos";
import { HttpError } from "../http/errors";
import { readUpstreamText } from "../upstream/upstream";
import type { JobUpdate, VideoGenerationsStore, VideoJobRow } from "../db/video-generations-store";
import { inSpan } from "../observability/tracing";

const log = loggerFor("video-polling");

/** First look a second after submission, then 1.5× longer each time, at most every 15 s. */
const FIRST_POLL_MS = 1_000;
const MAX_POLL_MS = 15_000;

/** How long after its `pollCount`-th poll a job is looked at again: whole milliseconds (next_poll_at is a PostgreSQL bigint). */
export function pollDelayMs(pollCount: number): number {
  return Math.round(Math.min(MAX_POLL_MS, FIRST_POLL_MS * 1.5 ** pollCount));
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 0;
}

/**
 * Asks the gateway for one job (its GET, spelled in services/video-generations.ts) and hands back its answer as
 * it came, any status: the polling below decides what a 404 or a 429 means for the record.
 */
export type FetchVideoJob = (gatewayJobId: string, signal?: AbortSignal) => Promise<Response>;

/** One look at a job: what changed, or null when nothing did (the claimed next-poll time stands). */
async function pollOnce(fetchJob: FetchVideoJob, job: VideoJobRow & { gateway_job_id: string }, delayMs: number, signal?: AbortSignal): Promise<JobUpdate | null> {
  const response = await fetchJob(job.gateway_job_id, signal);
  const text = await readUpstreamText(response);
  if (response.status === 404) {
    // It may have run (and been charged) before it was removed: counted at its estimate.
    return { status: "failed", error: "The gateway no longer knows this job (expired or removed)", completed_at: new Date().toISOString(), next_poll_at: null, outcome_unknown: 1 };
  }
  if (!response.ok) {
    // 429/503 after the upstream client's own retries: the gateway says when; wait at least that.
    const wait = retryAfterMs(response);
    log.warn({ job: job.gateway_job_id, status: response.status }, "polling a video job: the gateway refused");
    return wait > delayMs ? { next_poll_at: Date.now() + wait } : null;
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Left null: reported as not matching the contract below.
  }
  const parsed = VideoJobSchema.safeParse(body);
  if (!parsed.success) {
    log.error({ job: job.gateway_job_id }, "polling a video job: the answer does not match the contract");
    return null;
  }
  const answer = parsed.data;
  if (!isVideoJobFinished(answer.status) && answer.status === job.status) return null;
  return jobUpdateFrom(answer);
}

/** What the gateway's job answer (a submission's 202 or a poll's 200) changes in our record. */
export function jobUpdateFrom(answer: VideoJob): JobUpdate {
  if (!isVideoJobFinished(answer.status)) return { status: answer.status };
  return {
    status: answer.status,
    error: answer.error ?? (answer.status === "completed" ? null : `The gateway ended the job as ${answer.status}`),
    cost: answer.usage?.cost ?? null,
    completed_at: new Date().toISOString(),
    content_url: answer.unsigned_urls?.[0] ?? null,
    next_poll_at: null,
  };
}

/** Past this, a job recorded before its submission but never given a gateway id was interrupted (a crash, a restart). */
const UNCONFIRMED_AFTER_MS = 5 * 60 * 1000;

const INTERRUPTED = "The submission was interrupted before the gateway's answer was recorded; the gateway may or may not have started (and charged) it. Run the generation again to retry.";

/**
 * Brings a generation's unfinished jobs up to date from the gateway, each only when its stored
 * next-poll time has come: a reload, a second tab or another instance within the backoff costs the
 * gateway nothing. A failed poll (network, 5xx) keeps the job as it was until its next turn.
 */
export async function refreshJobs(store: VideoGenerationsStore, generationId: string, fetchJob: FetchVideoJob, signal?: AbortSignal): Promise<void> {
  const now = Date.now();
  const jobs = await store.jobRows(generationId);
  for (const job of jobs) {
    if (job.gateway_job_id === null && !isVideoJobFinished(job.status) && Date.parse(job.submitted_at) < now - UNCONFIRMED_AFTER_MS) {
      await store.recordPoll(job.id, { status: "failed", error: INTERRUPTED, completed_at: new Date(now).toISOString(), next_poll_at: null, outcome_unknown: 1 });
    }
  }
  const due = jobs.filter(
    (job): job is VideoJobRow & { gateway_job_id: string } => job.gateway_job_id !== null && !isVideoJobFinished(job.status),
  );
  if (due.length === 0) return;
  // The polls of one generation under one span (tracing on only), named by the generation as its submission's is.
  await inSpan("video generation poll", { "gatehouse.video.generation_id": generationId, "gatehouse.video.jobs": due.length }, () => pollDue(store, due, now, fetchJob, signal));
}

async function pollDue(store: VideoGenerationsStore, due: (VideoJobRow & { gateway_job_id: string })[], now: number, fetchJob: FetchVideoJob, signal?: AbortSignal): Promise<void> {
  await Promise.all(
    due.map(async (job) => {
      const delay = pollDelayMs(job.poll_count + 1);
      if (!(await store.claimPoll(job.id, now, now + delay))) return;
      try {
        const update = await pollOnce(fetchJob, job, delay, signal);
        if (update) await store.recordPoll(job.id, update);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        log.warn({ job: job.gateway_job_id, status: error.status }, `polling a video job: ${error.message}`);
      }
    }),
  );
}
