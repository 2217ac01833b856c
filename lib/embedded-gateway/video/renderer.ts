import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodeClip } from "./encode";
import type { VideoJobRow, VideoJobsStore } from "./jobs-store";
import type { ClipSpec } from "./scene";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("gateway-video");

/** Job ids are ours (generated), but they reach a file path: anything else never becomes a name. */
const SAFE_ID = /^job-[0-9a-f]{24}$/;

export const CLIP_MEDIA_TYPE = "video/webm";

/**
 * How much the clip cache keeps: at most this many clips and bytes, the least recently used going first.
 * A clip is made again from its job when asked for after that (the same bytes: it depends only on the job).
 */
export interface ClipCacheLimits {
  maxClips: number;
  maxBytes: number;
}

/** About 500 clips of a few hundred kB; a demo's day of generations, a few hundred MB at most. */
const DEFAULT_CLIP_CACHE_LIMITS: ClipCacheLimits = { maxClips: 500, maxBytes: 256 * 1024 * 1024 };

const CLIP_FILE = /^(job-[0-9a-f]{24})\.webm$/;

export interface ClipCache {
  /** The folder, made on first use. */
  dir(): string;
  dispose(): void;
}

/**
 * Where clips are kept: `video-cache` in the data folder, or (in-memory database, tests) a fresh
 * temporary folder removed on close. Partial files of a process that died mid-write are removed
 * when the folder is first used.
 */
export function prepareClipCache(opts: { dataDir: string; inMemory: boolean; explicit?: string }): ClipCache {
  if (opts.inMemory && !opts.explicit) {
    let made: string | null = null;
    return {
      dir: () => (made ??= mkdtempSync(path.join(os.tmpdir(), "gatehouse-video-cache-"))),
      dispose: () => {
        if (made) rmSync(made, { recursive: true, force: true });
      },
    };
  }
  const dir = opts.explicit ?? path.join(opts.dataDir, "video-cache");
  let prepared = false;
  return {
    // Made on first use: a gateway that never generates a video leaves no folder behind.
    dir: () => {
      if (!prepared) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        for (const name of readdirSync(dir)) if (name.endsWith(".part")) rmSync(path.join(dir, name), { force: true });
        prepared = true;
      }
      return dir;
    },
    dispose() {},
  };
}

/** The clip a job shows, from its stored settings: making it again gives the same bytes. */
function clipSpecOf(job: VideoJobRow, modelName: string): ClipSpec {
  const request = (job.request ?? {}) as { prompt?: unknown };
  return {
    modelId: job.model,
    modelName,
    prompt: typeof request.prompt === "string" ? request.prompt : "",
    aspectRatio: job.settings.aspectRatio,
    resolution: job.settings.resolution,
    durationSeconds: job.settings.duration,
    seed: job.seed,
    audio: job.settings.audio,
    frameImages: job.settings.frameTypes,
  };
}

/**
 * Makes clips one at a time in the background (each takes well under a second of CPU, yielding
 * between frames), so however many jobs are submitted, generation never takes more than one core's
 * share from the gateway's other requests. A job's clip is made once and kept on disk.
 */
export class VideoRenderer {
  private readonly queue: string[] = [];
  private readonly queued = new Set<string>();
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  /** Clips made since start, with the time each took (for tests and the README's figures). */
  readonly made: { id: string; bytes: number; ms: number }[] = [];
  /** The clips on disk, least recently used first (a Map keeps insertion order), with their sizes; read from the folder on first use. */
  private lru: Map<string, number> | null = null;
  private lruBytes = 0;
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly jobs: VideoJobsStore,
    private readonly cache: ClipCache,
    private readonly modelName: (id: string) => string,
    private readonly limits: ClipCacheLimits = DEFAULT_CLIP_CACHE_LIMITS,
  ) {}

  fileOf(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error("not a job id");
    return path.join(this.cache.dir(), `${id}.webm`);
  }

  /** Whether the job's clip is on disk; if it should be and is not (cache emptied), it is made again. */
  ready(job: VideoJobRow): boolean {
    if (job.failMessage !== null) return false;
    if (job.contentBytes !== null && existsSync(this.fileOf(job.id))) {
      // Asked for now: the last clip to be evicted (and not between this answer and the read that follows it).
      this.touch(job.id, job.contentBytes);
      return true;
    }
    if (job.contentBytes !== null) {
      this.jobs.setContentBytes(job.id, null);
      job.contentBytes = null;
    }
    this.enqueue(job.id);
    return false;
  }

  /** Size on disk of a ready clip. */
  size(job: VideoJobRow): number {
    return statSync(this.fileOf(job.id)).size;
  }

  enqueue(id: string): void {
    if (this.abort.signal.aborted || this.queued.has(id)) return;
    this.queued.add(id);
    this.queue.push(id);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Queues every job whose clip is missing (after a restart). */
  resume(): void {
    for (const job of this.jobs.unrendered()) this.enqueue(job.id);
  }

  /** Waits (at most timeoutMs) for the job's clip when it is being made, as after an eviction; true when it is on disk. */
  async whenMade(job: VideoJobRow, timeoutMs: number): Promise<boolean> {
    if (this.ready(job)) return true;
    if (!this.queued.has(job.id)) return false;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      const waiting = this.waiting.get(job.id) ?? [];
      waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.waiting.set(job.id, waiting);
    });
    const fresh = this.jobs.get(job.id);
    if (fresh) job.contentBytes = fresh.contentBytes;
    return this.ready(job);
  }

  /** Resolves when the queue is empty (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
    this.cache.dispose();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.abort.signal.aborted) {
      const id = this.queue.shift()!;
      try {
        await this.render(id);
      } catch (error) {
        if (this.abort.signal.aborted) return;
        // Logged for the operator; the job stays in_progress and a later poll queues it again.
        log.error({ err: error, job: id }, "making the clip failed");
      } finally {
        this.queued.delete(id);
        for (const wake of this.waiting.get(id) ?? []) wake();
        this.waiting.delete(id);
      }
    }
  }

  private async render(id: string): Promise<void> {
    const job = this.jobs.get(id);
    if (!job || job.failMessage !== null) return;
    const file = this.fileOf(id);
    if (job.contentBytes !== null && existsSync(file)) return;
    const started = performance.now();
    const bytes = await encodeClip(clipSpecOf(job, this.modelName(job.model)), this.abort.signal);
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, bytes, { mode: 0o600 });
    try {
      renameSync(partial, file);
    } catch (error) {
      unlinkSync(partial);
      throw error;
    }
    this.jobs.setContentBytes(id, bytes.byteLength);
    this.touch(id, bytes.byteLength);
    this.evict();
    this.made.push({ id, bytes: bytes.byteLength, ms: Math.round(performance.now() - started) });
    if (this.made.length > 100) this.made.shift();
  }

  /** The cache's clips by last use, from the folder's modification times the first time (after a restart). */
  private clips(): Map<string, number> {
    if (this.lru) return this.lru;
    const dir = this.cache.dir();
    const found: { id: string; bytes: number; used: number }[] = [];
    for (const name of readdirSync(dir)) {
      const id = CLIP_FILE.exec(name)?.[1];
      if (!id) continue;
      const stat = statSync(path.join(dir, name), { throwIfNoEntry: false });
      if (stat) found.push({ id, bytes: stat.size, used: stat.mtimeMs });
    }
    found.sort((a, b) => a.used - b.used);
    this.lru = new Map(found.map((clip) => [clip.id, clip.bytes]));
    this.lruBytes = found.reduce((sum, clip) => sum + clip.bytes, 0);
    return this.lru;
  }

  private touch(id: string, bytes: number): void {
    const clips = this.clips();
    this.lruBytes += bytes - (clips.get(id) ?? 0);
    clips.delete(id);
    clips.set(id, bytes);
  }

  /** Removes the least recently used clips over the limits, never the one used last; their jobs make them again when asked. */
  private evict(): void {
    const clips = this.clips();
    while (clips.size > 1 && (clips.size > this.limits.maxClips || this.lruBytes > this.limits.maxBytes)) {
      const [id, bytes] = clips.entries().next().value as [string, number];
      clips.delete(id);
      this.lruBytes -= bytes;
      // content_bytes stays: the job is not "never made" (resume() would make every evicted clip again at the
      // next start); ready() sees the file gone and queues it when the clip is asked for.
      rmSync(this.fileOf(id), { force: true });
    }
  }
}
