import type { Db } from "../db";
import type { VideoSettings } from "./settings";
import type { JobTimeline } from "./timeline";

export interface VideoJobRow extends JobTimeline {
  id: string;
  generationId: string;
  keyId: string;
  userId: string;
  model: string;
  /** The request as parsed, for the record. */
  request: unknown;
  requestHash: string;
  settings: VideoSettings;
  seed: number;
  /** Estimated price in USD (what the job costs the key's demo credits); null when the model's SKUs give none. */
  costUsd: number | null;
  idempotencyKey: string | null;
  /** Size of the clip once it is on disk; null before. */
  contentBytes: number | null;
}

interface RawRow {
  id: string;
  generation_id: string;
  key_id: string;
  user_id: string;
  model: string;
  request: string;
  request_hash: string;
  settings: string;
  seed: number;
  cost_usd: number | null;
  submitted_at: number;
  queued_ms: number;
  generation_ms: number;
  fail_message: string | null;
  idempotency_key: string | null;
  content_bytes: number | null;
}

function fromRaw(raw: RawRow): VideoJobRow {
  return {
    id: raw.id,
    generationId: raw.generation_id,
    keyId: raw.key_id,
    userId: raw.user_id,
    model: raw.model,
    request: JSON.parse(raw.request) as unknown,
    requestHash: raw.request_hash,
    settings: JSON.parse(raw.settings) as VideoSettings,
    seed: raw.seed,
    costUsd: raw.cost_usd,
    submittedAt: raw.submitted_at,
    queuedMs: raw.queued_ms,
    generationMs: raw.generation_ms,
    failMessage: raw.fail_message,
    idempotencyKey: raw.idempotency_key,
    contentBytes: raw.content_bytes,
  };
}

/** SQLite access for video jobs (table video_jobs, migration 2). */
export class VideoJobsStore {
  constructor(private readonly db: Db) {}

  insert(job: VideoJobRow): void {
    this.db
      .prepare(
        `INSERT INTO video_jobs (id, generation_id, key_id, user_id, model, request, request_hash, settings, seed, cost_usd,
           submitted_at, queued_ms, generation_ms, fail_message, idempotency_key, content_bytes)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        job.id,
        job.generationId,
        job.keyId,
        job.userId,
        job.model,
        JSON.stringify(job.request),
        job.requestHash,
        JSON.stringify(job.settings),
        job.seed,
        job.costUsd,
        job.submittedAt,
        job.queuedMs,
        job.generationMs,
        job.failMessage,
        job.idempotencyKey,
        job.contentBytes,
      );
  }

  get(id: string): VideoJobRow | null {
    const raw = this.db.prepare("SELECT * FROM video_jobs WHERE id = ?").get(id) as RawRow | undefined;
    return raw ? fromRaw(raw) : null;
  }

  byIdempotencyKey(keyId: string, idempotencyKey: string): VideoJobRow | null {
    const raw = this.db.prepare("SELECT * FROM video_jobs WHERE key_id = ? AND idempotency_key = ?").get(keyId, idempotencyKey) as RawRow | undefined;
    return raw ? fromRaw(raw) : null;
  }

  /** USD charged to a key so far: every job's estimate except those that fail (a failed generation is not charged). */
  spentBy(keyId: string): number {
    return (this.db.prepare("SELECT COALESCE(SUM(cost_usd), 0) FROM video_jobs WHERE key_id = ? AND fail_message IS NULL").pluck().get(keyId) as number) ?? 0;
  }

  /** Jobs whose clip is still to be made (not failing, no content yet), oldest first: the renderer's work after a restart. */
  unrendered(): VideoJobRow[] {
    return (this.db.prepare("SELECT * FROM video_jobs WHERE fail_message IS NULL AND content_bytes IS NULL ORDER BY seq").all() as RawRow[]).map(fromRaw);
  }

  setContentBytes(id: string, bytes: number | null): void {
    this.db.prepare("UPDATE video_jobs SET content_bytes = ? WHERE id = ?").run(bytes, id);
  }
}
