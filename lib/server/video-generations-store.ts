import type { Selectable } from "kysely";
import { generationFramePath, type Generation, type GenerationJob, type GenerationSettings, type RecordedGenerationSettings } from "@/lib/bff/video-generations";
import { FRAME_TYPES, type FrameType } from "@/lib/video-models/generation-frame-types";
import type { AppDb } from "./app-db";
import type { VideoGenerationsTable, VideoJobsTable } from "./app-tables";

type GenerationRow = Selectable<VideoGenerationsTable>;
export type VideoJobRow = Selectable<VideoJobsTable>;

export interface NewGeneration {
  id: string;
  user: { id: string; email: string; name: string };
  prompt: string;
  settings: GenerationSettings;
  models: string[];
  estimatedCost: number;
  estimateComplete: boolean;
  idempotencyKey: string;
  requestFingerprint: string;
  createdAt: string;
  jobs: { model: string; estimatedCost: number | null }[];
}

/** What a submission or a poll learnt about one job. */
export type JobUpdate = Partial<Pick<VideoJobRow, "gateway_job_id" | "status" | "error" | "cost" | "completed_at" | "content_url" | "next_poll_at">>;

/** Same-origin address of a job's video: the BFF relays it, the gateway's own URL needs the key. */
export function jobContentPath(gatewayJobId: string): string {
  return `/api/videos/jobs/${encodeURIComponent(gatewayJobId)}/content`;
}

function toJob(row: VideoJobRow): GenerationJob {
  return {
    model: row.model,
    job_id: row.gateway_job_id,
    status: row.status,
    error: row.error,
    estimated_cost: row.estimated_cost,
    cost: row.cost,
    submitted_at: row.submitted_at,
    completed_at: row.completed_at,
    content_url: row.status === "completed" && row.gateway_job_id ? jobContentPath(row.gateway_job_id) : null,
  };
}

/** The settings as the routes answer them: a data: URL frame as the path that serves it (see RecordedGenerationSettingsSchema). */
function recordedSettings(id: string, stored: GenerationSettings): RecordedGenerationSettings {
  const settings: RecordedGenerationSettings = { ...stored };
  for (const frame of FRAME_TYPES) if (stored[frame]?.startsWith("data:")) settings[frame] = generationFramePath(id, frame);
  return settings;
}

function toGeneration(row: GenerationRow, jobs: VideoJobRow[]): Generation {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    created_at: row.created_at,
    prompt: row.prompt,
    models: JSON.parse(row.models) as string[],
    settings: recordedSettings(row.id, JSON.parse(row.settings) as GenerationSettings),
    estimated_cost: row.estimated_cost,
    estimate_complete: row.estimate_complete === 1,
    jobs: jobs.map(toJob),
  };
}

/** The video-generation history: who ran which prompt on which models, and each model's gateway job. */
export class VideoGenerationsStore {
  constructor(private readonly db: AppDb) {}

  private get kysely() {
    return this.db.kysely;
  }

  /** The generation and its jobs, written together: a history entry never lacks its jobs. */
  async create(generation: NewGeneration): Promise<void> {
    await this.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("video_generations")
        .values({
          id: generation.id,
          user_id: generation.user.id,
          user_email: generation.user.email,
          user_name: generation.user.name,
          prompt: generation.prompt,
          settings: JSON.stringify(generation.settings),
          models: JSON.stringify(generation.models),
          estimated_cost: generation.estimatedCost,
          estimate_complete: generation.estimateComplete ? 1 : 0,
          idempotency_key: generation.idempotencyKey,
          request_fingerprint: generation.requestFingerprint,
          created_at: generation.createdAt,
        })
        .execute();
      await trx
        .insertInto("video_jobs")
        .values(
          generation.jobs.map((job, position) => ({
            generation_id: generation.id,
            position,
            model: job.model,
            // Not at the gateway yet: recordSubmissions fills in its answer.
            status: "pending",
            estimated_cost: job.estimatedCost,
            submitted_at: generation.createdAt,
          })),
        )
        .execute();
    });
  }

  /** The gateway's answers to one generation's submissions, written together. */
  async recordSubmissions(updates: { jobRowId: number; update: JobUpdate }[]): Promise<void> {
    await this.kysely.transaction().execute(async (trx) => {
      for (const { jobRowId, update } of updates) await trx.updateTable("video_jobs").set(update).where("id", "=", jobRowId).execute();
    });
  }

  /** What a poll learnt; a job cancelled meanwhile stays cancelled. */
  async recordPoll(jobRowId: number, update: JobUpdate): Promise<void> {
    await this.kysely.updateTable("video_jobs").set(update).where("id", "=", jobRowId).where("status", "in", ["pending", "in_progress"]).execute();
  }

  /**
   * Takes the right to poll one job now: succeeds for one caller only while its next-poll time has
   * come, and moves that time to `nextPollAt` at once, so a second tab or instance polls nothing.
   */
  async claimPoll(jobRowId: number, now: number, nextPollAt: number): Promise<boolean> {
    const result = await this.kysely
      .updateTable("video_jobs")
      .set((eb) => ({ next_poll_at: nextPollAt, poll_count: eb("poll_count", "+", 1) }))
      .where("id", "=", jobRowId)
      .where("next_poll_at", "<=", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findByIdempotencyKey(userId: string, key: string): Promise<{ generation: Generation; fingerprint: string } | undefined> {
    const row = await this.kysely.selectFrom("video_generations").selectAll().where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
    if (!row) return undefined;
    return { generation: toGeneration(row, await this.jobRows(row.id)), fingerprint: row.request_fingerprint };
  }

  async get(id: string): Promise<Generation | undefined> {
    const row = await this.kysely.selectFrom("video_generations").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toGeneration(row, await this.jobRows(id));
  }

  /** The frame image a generation was sent, as sent (an https or data: URL); undefined when it had none. */
  async frame(id: string, frame: FrameType): Promise<string | undefined> {
    const row = await this.kysely.selectFrom("video_generations").select("settings").where("id", "=", id).executeTakeFirst();
    return row ? (JSON.parse(row.settings) as GenerationSettings)[frame] : undefined;
  }

  async jobRows(generationId: string): Promise<VideoJobRow[]> {
    return this.kysely.selectFrom("video_jobs").selectAll().where("generation_id", "=", generationId).orderBy("position").execute();
  }

  async jobByGatewayId(gatewayJobId: string): Promise<VideoJobRow | undefined> {
    return this.kysely.selectFrom("video_jobs").selectAll().where("gateway_job_id", "=", gatewayJobId).executeTakeFirst();
  }

  /** Newest first, `limit` at a time after the (created_at, id) of the previous page's last entry. */
  async list(limit: number, after?: { createdAt: string; id: string }): Promise<Generation[]> {
    let query = this.kysely.selectFrom("video_generations").selectAll();
    if (after) {
      query = query.where((eb) =>
        eb.or([eb("created_at", "<", after.createdAt), eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)])]),
      );
    }
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    if (rows.length === 0) return [];
    const jobs = await this.kysely
      .selectFrom("video_jobs")
      .selectAll()
      .where(
        "generation_id",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("position")
      .execute();
    return rows.map((row) => toGeneration(row, jobs.filter((job) => job.generation_id === row.id)));
  }

  /**
   * The user's spending since `since`: each job's charge (the gateway's figure once known, else the
   * estimate), oldest first. Failed jobs are left out: the gateway does not charge them.
   */
  async chargesSince(userId: string, since: string): Promise<{ at: string; usd: number }[]> {
    const rows = await this.kysely
      .selectFrom("video_jobs")
      .innerJoin("video_generations", "video_generations.id", "video_jobs.generation_id")
      .select(["video_jobs.submitted_at", "video_jobs.cost", "video_jobs.estimated_cost", "video_jobs.status"])
      .where("video_generations.user_id", "=", userId)
      .where("video_jobs.submitted_at", ">=", since)
      .orderBy("video_jobs.submitted_at")
      .execute();
    return rows.filter((row) => row.status !== "failed").map((row) => ({ at: row.submitted_at, usd: row.cost ?? row.estimated_cost ?? 0 }));
  }

  /** Marks the generation's unfinished jobs cancelled and stops their polling; finished ones keep their result. */
  async cancel(generationId: string, at: string): Promise<void> {
    // One statement, conditional on the status: a job a poll finishes meanwhile keeps its result.
    await this.kysely
      .updateTable("video_jobs")
      .set({ status: "cancelled", next_poll_at: null, completed_at: at })
      .where("generation_id", "=", generationId)
      .where("status", "in", ["pending", "in_progress"])
      .execute();
  }
}
