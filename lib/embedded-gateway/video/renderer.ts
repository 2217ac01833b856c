import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { encodeClip } from "./encode";
import type { VideoJobRow, VideoJobsStore } from "./jobs-store";
import type { ClipSpec } from "./scene";

/** Job ids are ours (generated), but they reach a file path: anything else never becomes a name. */
const SAFE_ID = /^job-[0-9a-f]{24}$/;

export const CLIP_MEDIA_TYPE = "video/webm";

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
export function clipSpecOf(job: VideoJobRow, modelName: string): ClipSpec {
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

  constructor(
    private readonly jobs: VideoJobsStore,
    private readonly cache: ClipCache,
    private readonly modelName: (id: string) => string,
  ) {}

  fileOf(id: string): string {
    if (!SAFE_ID.test(id)) throw new Error("not a job id");
    return path.join(this.cache.dir(), `${id}.webm`);
  }

  /** Whether the job's clip is on disk; if it should be and is not (cache emptied), it is made again. */
  ready(job: VideoJobRow): boolean {
    if (job.failMessage !== null) return false;
    if (job.contentBytes !== null && existsSync(this.fileOf(job.id))) return true;
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
        console.error(`embedded gateway: making the clip of ${id} failed`, error);
      } finally {
        this.queued.delete(id);
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
    this.made.push({ id, bytes: bytes.byteLength, ms: Math.round(performance.now() - started) });
    if (this.made.length > 100) this.made.shift();
  }
}
