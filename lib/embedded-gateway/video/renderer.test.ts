import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db";
import { VideoJobsStore, type VideoJobRow } from "./jobs-store";
import { prepareClipCache, VideoRenderer, type ClipCacheLimits } from "./renderer";

/** The clip cache's bound: least recently used clips go first, and a job makes its clip again when asked. */
let dir: string;
let db: Db;
let jobs: VideoJobsStore;
const renderers: VideoRenderer[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-clip-cache-test-"));
  db = openDatabase(":memory:");
  jobs = new VideoJobsStore(db);
});
afterEach(async () => {
  await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function renderer(limits: ClipCacheLimits): VideoRenderer {
  const made = new VideoRenderer(jobs, prepareClipCache({ dataDir: dir, inMemory: false, explicit: dir }), (id) => id, limits);
  renderers.push(made);
  return made;
}

let counter = 0;
function job(): VideoJobRow {
  const hex = (counter++).toString(16).padStart(24, "0");
  const row: VideoJobRow = {
    id: `job-${hex}`,
    generationId: `gen-video-${hex}`,
    keyId: "key",
    userId: "user",
    model: "google/veo-3.1-fast",
    request: { prompt: `Clip ${counter}` },
    requestHash: hex,
    settings: { duration: 1, resolution: "720p", aspectRatio: "16:9", size: null, audio: false, seed: null, frameTypes: [] },
    seed: counter,
    costUsd: 0.1,
    submittedAt: 0,
    queuedMs: 0,
    generationMs: 0,
    failMessage: null,
    idempotencyKey: null,
    contentBytes: null,
  };
  jobs.insert(row);
  return row;
}

async function make(clips: VideoRenderer, row: VideoJobRow): Promise<void> {
  clips.enqueue(row.id);
  await clips.idle();
}

const onDisk = (row: VideoJobRow) => existsSync(path.join(dir, `${row.id}.webm`));
const digest = (row: VideoJobRow) => createHash("sha256").update(readFileSync(path.join(dir, `${row.id}.webm`))).digest("hex");

describe("the clip cache's bound", () => {
  it("keeps at most maxClips, evicting the least recently used; an evicted clip is made again, the same bytes, when asked for", async () => {
    const clips = renderer({ maxClips: 2, maxBytes: Number.MAX_SAFE_INTEGER });
    const [a, b, c] = [job(), job(), job()];
    await make(clips, a);
    await make(clips, b);
    const bBytes = digest(b);
    // a is asked for (a poll, a player): b is now the least recently used.
    expect(clips.ready(jobs.get(a.id)!)).toBe(true);
    await make(clips, c);
    expect([onDisk(a), onDisk(b), onDisk(c)]).toEqual([true, false, true]);

    // Asked for again: not ready, queued, made again with the same bytes; a (now the oldest) goes.
    const evicted = jobs.get(b.id)!;
    expect(await clips.whenMade(evicted, 10_000)).toBe(true);
    expect(digest(b)).toBe(bBytes);
    expect([onDisk(a), onDisk(b), onDisk(c)]).toEqual([false, true, true]);
    // An evicted clip is not "never made": a restart does not make it again unasked.
    expect(jobs.unrendered().map((row) => row.id)).toEqual([]);
  });

  it("keeps at most maxBytes, and after a restart knows the clips already on disk", async () => {
    const first = renderer({ maxClips: 100, maxBytes: Number.MAX_SAFE_INTEGER });
    const [a, b] = [job(), job()];
    await make(first, a);
    await make(first, b);
    const size = jobs.get(a.id)!.contentBytes!;
    await first.close();

    // A new process with room for two clips of that size: the third one made pushes out the oldest on disk.
    const second = renderer({ maxClips: 100, maxBytes: Math.max(size, jobs.get(b.id)!.contentBytes!) * 2 + 1 });
    const c = job();
    await make(second, c);
    expect([onDisk(a), onDisk(b), onDisk(c)]).toEqual([false, true, true]);
  });
});
