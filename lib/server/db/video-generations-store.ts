import type { Selectable } from "kysely";
import { generationFramePath, type Generation, type GenerationJob, type GenerationSettings, type RecordedGenerationSettings } from "@/lib/contract/bff/video-generations";
import { FRAME_TYPES, type FrameType } from "@/lib/video-models/generation-frame-types";
import { parseFrameDataUrl } from "@/lib/video-models/generation-frames";
import type { Ledger } from "../ledger/ledger";
import type { AppDb, LockConnection } from "./app-db";
import type { VideoGenerationsTable, VideoJobsTable } from "./app-tables";
import { rowColumns } from "./row-columns";

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
export type JobUpdate = Partial<Pick<VideoJobRow, "gateway_job_id" | "status" | "error" | "cost" | "completed_at" | "content_url" | "next_poll_at" | "outcome_unknown">>;

/**
 * What a generation's stored settings hold where a frame image was sent as a data: URL: the image lives in
 * video_generation_frames (migration 6), which only the frame route reads, never a list or a get.
 */
const STORED_FRAME = "stored";

/** A stored frame image as the frame route serves it. */
export interface StoredFrameImage {
  type: string;
  bytes: Buffer;
}

/** Same-origin address of a job's video: the BFF relays it, the gateway's own URL needs the key. */
function jobContentPath(gatewayJobId: string): string {
  return `/api/videos/jobs/${encodeURIComponent(gatewayJobId)}/content`;
}

function toJob(row: VideoJobRow): GenerationJob {
  return {
    model: row.model,
    job_id: row.gateway_job_id,
    ...rowColumns(row, ["status", "error", "estimated_cost", "cost", "submitted_at", "completed_at"]),
    content_url: row.status === "completed" && row.gateway_job_id ? jobContentPath(row.gateway_job_id) : null,
  };
}

/** The settings as the routes answer them: a stored frame as the path that serves it (see RecordedGenerationSettingsSchema). */
function recordedSettings(id: string, stored: GenerationSettings): RecordedGenerationSettings {
  const settings: RecordedGenerationSettings = { ...stored };
  for (const frame of FRAME_TYPES) if (stored[frame] === STORED_FRAME) settings[frame] = generationFramePath(id, frame);
  return settings;
}

/** The settings to record and the data: URL frames apart, as their table's rows (already validated by the BFF's schema). */
function splitFrames(generationId: string, sent: GenerationSettings) {
  const settings: GenerationSettings = { ...sent };
  const frames = FRAME_TYPES.flatMap((frame) => {
    const url = sent[frame];
    if (!url?.startsWith("data:")) return [];
    const image = parseFrameDataUrl(url);
    if (typeof image === "string") throw new Error(`${frame} was not checked before it was recorded: ${image}`);
    settings[frame] = STORED_FRAME;
    return [{ generation_id: generationId, frame, mime: image.type, size: image.bytes, base64: image.base64 }];
  });
  return { settings, frames };
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
  constructor(
    private readonly db: Pick<AppDb, "kysely">,
    /**
     * Where each job reserves its estimate when the generation is recorded (refused past the person's budget) and
     * settles the gateway's figure when it ends. Absent only for tests that read the history.
     */
    private readonly ledger?: Ledger,
  ) {}

  private get kysely() {
    return this.db.kysely;
  }

  /** The generation, its jobs and its frame images, written together: a history entry never lacks its jobs. */
  async create(generation: NewGeneration): Promise<void> {
    const { settings, frames } = splitFrames(generation.id, generation.settings);
    await this.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("video_generations")
        .values({
          id: generation.id,
          user_id: generation.user.id,
          user_email: generation.user.email,
          user_name: generation.user.name,
          prompt: generation.prompt,
          settings: JSON.stringify(settings),
          models: JSON.stringify(generation.models),
          estimated_cost: generation.estimatedCost,
          estimate_complete: generation.estimateComplete ? 1 : 0,
          idempotency_key: generation.idempotencyKey,
          request_fingerprint: generation.requestFingerprint,
          created_at: generation.createdAt,
        })
        .execute();
      // Each job's estimate is reserved on the ledger before any job reaches the gateway: past the person's budget
      // the whole generation is refused (SpendRefusal) and nothing is recorded.
      const entries: (string | null)[] = [];
      for (const [position, job] of generation.jobs.entries()) {
        const entry = await this.ledger?.reserveWithin(trx, {
          userId: generation.user.id,
          feature: "video",
          model: job.model,
          subject: { kind: "video-generation", id: `${generation.id}:${position}` },
          reserveUsd: job.estimatedCost ?? 0,
          what: "This generation's estimated cost",
          at: Date.parse(generation.createdAt),
        });
        entries.push(entry?.id ?? null);
      }
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
            ledger_entry: entries[position],
          })),
        )
        .execute();
      if (frames.length > 0) await trx.insertInto("video_generation_frames").values(frames).execute();
    });
  }

  /** The gateway's answers to one generation's submissions, written together. */
  async recordSubmissions(updates: { jobRowId: number; update: JobUpdate }[]): Promise<void> {
    await this.kysely.transaction().execute(async (trx) => {
      for (const { jobRowId, update } of updates) await trx.updateTable("video_jobs").set(update).where("id", "=", jobRowId).execute();
      await this.settleEnded(trx, updates.map((one) => one.jobRowId));
    });
  }

  /** What a poll learnt; a job cancelled meanwhile stays cancelled. */
  async recordPoll(jobRowId: number, update: JobUpdate): Promise<void> {
    await this.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("video_jobs").set(update).where("id", "=", jobRowId).where("status", "in", ["pending", "in_progress"]).execute();
      await this.settleEnded(trx, [jobRowId]);
    });
  }

  /**
   * Settles the ledger entries of the jobs among `jobRowIds` that have ended, in the transaction that recorded their
   * end: the gateway's figure when it gave one; nothing for a failure it reported; the estimate kept (unknown) for a
   * job nobody knows the outcome of, one cancelled after it was sent, or one that ended without a figure.
   */
  private async settleEnded(on: LockConnection, jobRowIds: number[]): Promise<void> {
    if (!this.ledger || jobRowIds.length === 0) return;
    const jobs = await on
      .selectFrom("video_jobs")
      .select(["id", "status", "cost", "outcome_unknown", "ledger_entry", "gateway_job_id"])
      .where("id", "in", jobRowIds)
      .where("ledger_entry", "is not", null)
      .where("status", "in", ["completed", "failed", "cancelled"])
      .execute();
    for (const job of jobs) {
      const entry = job.ledger_entry!;
      if (job.cost !== null) await this.ledger.settleWithin(on, entry, { costUsd: Number(job.cost), generationId: job.gateway_job_id });
      else if (job.status === "failed" && job.outcome_unknown !== 1) await this.ledger.settleWithin(on, entry, { costUsd: 0, generationId: job.gateway_job_id });
      else await this.ledger.markUnknown(entry, on);
    }
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
    const sent = row ? (JSON.parse(row.settings) as GenerationSettings)[frame] : undefined;
    if (sent !== STORED_FRAME) return sent;
    const stored = await this.storedFrame(id, frame);
    return stored && `data:${stored.mime};base64,${stored.base64}`;
  }

  /** A frame image sent as a data: URL, as its bytes; undefined when the generation stored none for `frame`. */
  async frameImage(id: string, frame: FrameType): Promise<StoredFrameImage | undefined> {
    const stored = await this.storedFrame(id, frame);
    return stored && { type: stored.mime, bytes: Buffer.from(stored.base64, "base64") };
  }

  private storedFrame(id: string, frame: FrameType) {
    return this.kysely
      .selectFrom("video_generation_frames")
      .select(["mime", "base64"])
      .where("generation_id", "=", id)
      .where("frame", "=", frame)
      .executeTakeFirst();
  }

  /** Bytes of the frame images the user's generations keep (decoded), for VIDEO_MAX_FRAME_BYTES_PER_USER. */
  async storedFrameBytes(userId: string): Promise<number> {
    const row = await this.kysely
      .selectFrom("video_generation_frames")
      .innerJoin("video_generations", "video_generations.id", "video_generation_frames.generation_id")
      .select((eb) => eb.fn.sum<number | string | null>("video_generation_frames.size").as("bytes"))
      .where("video_generations.user_id", "=", userId)
      .executeTakeFirst();
    // PostgreSQL's SUM of INTEGER is a BIGINT, which `pg` returns as a string.
    return Number(row?.bytes ?? 0);
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

  /** Marks the generation's unfinished jobs cancelled and stops their polling; finished ones keep their result. */
  async cancel(generationId: string, at: string): Promise<void> {
    // One statement, conditional on the status: a job a poll finishes meanwhile keeps its result.
    await this.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable("video_jobs")
        .set({ status: "cancelled", next_poll_at: null, completed_at: at })
        .where("generation_id", "=", generationId)
        .where("status", "in", ["pending", "in_progress"])
        .execute();
      const jobs = await trx.selectFrom("video_jobs").select("id").where("generation_id", "=", generationId).execute();
      await this.settleEnded(trx, jobs.map((job) => job.id));
    });
  }
}
