import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ErrorBodySchema, VideoJobSchema, type VideoJob } from "@/lib/contract/gateway";
import { startEmbeddedGateway } from "./server";
import { caller, fileTestGateway, startTestGateway, type Caller } from "./testing/harness";
import { OpenApiValidator } from "./testing/openapi-validator";

/**
 * Issue 18: the embedded gateway's video generation over HTTP. Time scale 0: a job completes as soon
 * as its clip is made, so these tests wait for the encoder only (well under a second per clip).
 */
const { api, admin, anon, gateway } = fileTestGateway({ videoTimeScale: 0 });
const openapi = new OpenApiValidator();

const veo = { model: "google/veo-3.1", prompt: "A serene mountain landscape at sunset", duration: 4, aspect_ratio: "16:9", resolution: "720p" };

async function submit(call: Caller, body: unknown, headers: Record<string, string> = {}) {
  const response = await call("/videos", { method: "POST", json: body, headers });
  const json = (await response.json()) as unknown;
  return { response, json };
}

async function poll(call: Caller, id: string, until: (job: VideoJob) => boolean = (job) => job.status !== "pending" && job.status !== "in_progress", timeoutMs = 20_000): Promise<VideoJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(`/videos/${id}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as unknown;
    expect(openapi.validate("GET", "/videos/{jobId}", 200, "application/json", body).errors).toBe("");
    const job = VideoJobSchema.parse(body);
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Width and height from the first VP8 key frame header (start code 9d 01 2a). */
function vp8Size(bytes: Uint8Array): { width: number; height: number } {
  for (let i = 0; i + 7 < bytes.length; i++) {
    if (bytes[i] === 0x9d && bytes[i + 1] === 0x01 && bytes[i + 2] === 0x2a) {
      return { width: (bytes[i + 3] | (bytes[i + 4] << 8)) & 0x3fff, height: (bytes[i + 5] | (bytes[i + 6] << 8)) & 0x3fff };
    }
  }
  throw new Error("no VP8 key frame");
}

function expectFieldError(json: unknown, field: string) {
  const body = ErrorBodySchema.parse(json);
  expect(body.error.code).toBe(400);
  const issues = (body.error.metadata as { issues: { path: string }[] }).issues;
  expect(issues.map((issue) => issue.path)).toContain(field);
}

describe("a generation from submission to content", () => {
  it("202 with the job and its polling_url, then pending/in_progress, then completed with unsigned_urls and the cost", async () => {
    const { response, json } = await submit(api, veo);
    expect(response.status).toBe(202);
    expect(openapi.validate("POST", "/videos", 202, "application/json", json).errors).toBe("");
    const job = VideoJobSchema.parse(json);
    expect(job.polling_url).toBe(`/api/v1/videos/${job.id}`);
    expect(["pending", "in_progress"]).toContain(job.status);
    expect(job.unsigned_urls).toBeUndefined();

    const done = await poll(api, job.id);
    expect(done).toMatchObject({ id: job.id, status: "completed", generation_id: job.generation_id });
    // Veo 3.1 with audio (its default): $0.75 per second x 4 s.
    expect(done.usage).toEqual({ cost: 3, is_byok: false });
    expect(done.unsigned_urls).toHaveLength(1);
    const url = new URL(done.unsigned_urls![0]);
    expect(url.pathname).toBe(`/api/v1/videos/${job.id}/content`);

    const content = await fetch(url, { headers: { authorization: `Bearer ${gateway().apiKey}` } });
    expect(content.status).toBe(200);
    expect(content.headers.get("content-type")).toBe("video/webm");
    expect(content.headers.get("accept-ranges")).toBe("bytes");
    const bytes = new Uint8Array(await content.arrayBuffer());
    expect(Number(content.headers.get("content-length"))).toBe(bytes.length);
    expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
    expect(Buffer.from(bytes.subarray(0, 64)).includes("webm")).toBe(true);
    expect(vp8Size(bytes)).toEqual({ width: 320, height: 180 });
    // Small: 4 s at 8 fps of 320×180 key frames.
    expect(bytes.length).toBeGreaterThan(20_000);
    expect(bytes.length).toBeLessThan(200_000);
  });

  it("the clip's frame size follows the aspect ratio", async () => {
    const { json } = await submit(api, { ...veo, aspect_ratio: "9:16" });
    const job = await poll(api, VideoJobSchema.parse(json).id);
    const bytes = new Uint8Array(await (await api(`/videos/${job.id}/content`)).arrayBuffer());
    expect(vp8Size(bytes)).toEqual({ width: 180, height: 320 });
  });

  it("answers Range requests with 206 and Content-Range, so a player can seek; 416 past the end", async () => {
    const { json } = await submit(api, { ...veo, seed: 3 });
    const job = await poll(api, VideoJobSchema.parse(json).id);
    const whole = new Uint8Array(await (await api(`/videos/${job.id}/content`)).arrayBuffer());
    const size = whole.length;

    const middle = await api(`/videos/${job.id}/content`, { headers: { range: "bytes=1000-1999" } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(middle.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await middle.arrayBuffer()).equals(Buffer.from(whole.subarray(1000, 2000)))).toBe(true);

    const tail = await api(`/videos/${job.id}/content?index=0`, { headers: { range: "bytes=-100" } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(whole.subarray(size - 100)))).toBe(true);

    const open = await api(`/videos/${job.id}/content`, { headers: { range: `bytes=${size - 10}-` } });
    expect(open.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    await open.arrayBuffer();

    const past = await api(`/videos/${job.id}/content`, { headers: { range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

    // If-Range with another version's ETag: the whole body.
    const stale = await api(`/videos/${job.id}/content`, { headers: { range: "bytes=0-9", "if-range": '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("the same request with the same seed gives the same clip", async () => {
    const a = await poll(api, VideoJobSchema.parse((await submit(api, { ...veo, seed: 11 })).json).id);
    const b = await poll(api, VideoJobSchema.parse((await submit(api, { ...veo, seed: 11 })).json).id);
    expect(a.id).not.toBe(b.id);
    const bytesOf = async (id: string) => Buffer.from(await (await api(`/videos/${id}/content`)).arrayBuffer());
    expect((await bytesOf(a.id)).equals(await bytesOf(b.id))).toBe(true);
  });
});

describe("refusals", () => {
  it("400 names the field a model does not support", async () => {
    for (const [body, field] of [
      [{ ...veo, duration: 5 }, "duration"],
      [{ ...veo, resolution: "480p" }, "resolution"],
      [{ ...veo, aspect_ratio: "1:1" }, "aspect_ratio"],
      [{ ...veo, aspect_ratio: "5:4" }, "aspect_ratio"],
      [{ ...veo, size: "1280x720" }, "size"],
      [{ ...veo, model: "kwaivgi/kling-v2.5-turbo-pro", duration: 5, resolution: "1080p", generate_audio: true }, "generate_audio"],
      [{ ...veo, model: "no/such-model" }, "model"],
      [{ ...veo, prompt: "" }, "prompt"],
    ] as const) {
      const { response, json } = await submit(api, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(openapi.validate("POST", "/videos", 400, "application/json", json).errors).toBe("");
      expectFieldError(json, field);
    }
    const malformed = await api("/videos", { method: "POST", body: "{", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
  });

  it("401 without a key on all three endpoints", async () => {
    const { json } = await submit(api, veo);
    const id = VideoJobSchema.parse(json).id;
    for (const response of [await anon("/videos", { method: "POST", json: veo }), await anon(`/videos/${id}`), await anon(`/videos/${id}/content`)]) {
      expect(response.status).toBe(401);
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe(401);
    }
    await poll(api, id);
  });

  it("404 for an unknown job, its content too", async () => {
    for (const response of [await api("/videos/job-000000000000000000000000"), await api("/videos/../../etc/passwd/content"), await api("/videos/nope/content")]) {
      expect(response.status).toBe(404);
      expect(ErrorBodySchema.parse(await response.json()).error.code).toBe(404);
    }
  });

  it("content before completion or with another index is a 400", async () => {
    const slow = await startTestGateway({ videoTimeScale: 1 });
    try {
      const call = caller(slow);
      const { json } = await submit(call, veo);
      const id = VideoJobSchema.parse(json).id;
      const early = await call(`/videos/${id}/content`);
      expect(early.status).toBe(400);
      expect(ErrorBodySchema.parse(await early.json()).error.metadata).toMatchObject({ status: "pending" });
      const index = await call(`/videos/${id}/content?index=1`);
      expect(index.status).toBe(400);
      expectFieldError(await index.json(), "index");
    } finally {
      await slow.close();
    }
  });

  it("429 past the per-key submission limit, with Retry-After; and from the fault switch", async () => {
    const limited = await startTestGateway({ videoTimeScale: 0, videoRateLimitPerMinute: 2 });
    try {
      const call = caller(limited);
      expect((await submit(call, veo)).response.status).toBe(202);
      expect((await submit(call, veo)).response.status).toBe(202);
      const { response, json } = await submit(call, veo);
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(openapi.validate("POST", "/videos", 429, "application/json", json).errors).toBe("");
    } finally {
      await limited.close();
    }
    await admin("/__faults", { method: "POST", json: { path: "/videos", method: "POST", count: 1, status: 429 } });
    expect((await submit(api, veo)).response.status).toBe(429);
  });
});

describe("demo credits and idempotency", () => {
  it("402 when the estimate is over what is left of the key's demo credits; an Idempotency-Key retry is the same job, charged once", async () => {
    const poor = await startTestGateway({ videoTimeScale: 0, videoCreditsUsd: 1 });
    try {
      const call = caller(poor);
      // Veo 3.1 Fast, 4 s with audio: $0.15 x 4 = $0.60 of the $1.
      const cheap = { ...veo, model: "google/veo-3.1-fast" };
      const first = await submit(call, cheap, { "idempotency-key": "run-1" });
      expect(first.response.status).toBe(202);
      const again = await submit(call, cheap, { "idempotency-key": "run-1" });
      expect(again.response.status).toBe(202);
      expect(again.response.headers.get("idempotent-replayed")).toBe("true");
      expect(VideoJobSchema.parse(again.json).id).toBe(VideoJobSchema.parse(first.json).id);

      const reused = await submit(call, { ...cheap, seed: 1 }, { "idempotency-key": "run-1" });
      expect(reused.response.status).toBe(400);
      expectFieldError(reused.json, "Idempotency-Key");

      // Charged once: $0.40 is left, so another $0.60 is refused.
      const over = await submit(call, cheap, { "idempotency-key": "run-2" });
      expect(over.response.status).toBe(402);
      expect(openapi.validate("POST", "/videos", 402, "application/json", over.json).errors).toBe("");
      const error = ErrorBodySchema.parse(over.json).error;
      expect(error.metadata).toEqual({ estimated_cost: 0.6, credits_remaining: 0.4, credits_limit: 1 });
      expect(error.message).toMatch(/Insufficient credits/);

      // Within what is left: Wan 2.2 at 480p, $0.10.
      expect((await submit(call, { model: "wan-ai/wan2.2-t2v-a14b", prompt: "x", resolution: "480p" })).response.status).toBe(202);
      expect((await submit(call, cheap, { "idempotency-key": "bad key with spaces" })).response.status).toBe(400);
    } finally {
      await poor.close();
    }
  });

  it("strict mode ignores Idempotency-Key, as the real gateway's OpenAPI has none", async () => {
    const strict = await startTestGateway({ videoTimeScale: 0, strict: true });
    try {
      const call = caller(strict);
      const a = VideoJobSchema.parse((await submit(call, veo, { "idempotency-key": "same" })).json);
      const b = VideoJobSchema.parse((await submit(call, veo, { "idempotency-key": "same" })).json);
      expect(a.id).not.toBe(b.id);
    } finally {
      await strict.close();
    }
  });
});

describe("a failing model (fault switch)", () => {
  it("fails its job with the error while the others complete; a failed job is not charged and has no content", async () => {
    const rule = await admin("/__faults", { method: "POST", json: { path: "/videos", count: 1, fail_video_job: "Provider returned an error", model: "openai/sora-2" } });
    expect(rule.status).toBe(201);
    const good = VideoJobSchema.parse((await submit(api, veo)).json);
    const bad = VideoJobSchema.parse((await submit(api, { ...veo, model: "openai/sora-2", resolution: "720p" })).json);
    const [goodDone, badDone] = await Promise.all([poll(api, good.id), poll(api, bad.id)]);
    expect(goodDone.status).toBe("completed");
    expect(badDone).toMatchObject({ status: "failed", error: "Provider returned an error" });
    expect(badDone.usage).toBeUndefined();
    expect((await api(`/videos/${bad.id}/content`)).status).toBe(400);
    // The rule was used up: the next Sora job completes.
    const next = VideoJobSchema.parse((await submit(api, { ...veo, model: "openai/sora-2" })).json);
    expect((await poll(api, next.id)).status).toBe("completed");
  });
});

describe("restarts", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-videos-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const start = () => startEmbeddedGateway({ dataDir, port: 0, demoFiles: 0, corpus: "fixed", videoTimeScale: 0.5 });

  it("a job survives a restart mid-generation and its timeline goes on from the stored submit time", async () => {
    const first = await start();
    const submittedAt = Date.now();
    // Veo 3.1 Fast, 4 s: (1000 + 4 x 150) ms x 0.5 = 800 ms generating, after 400 ms queued.
    const job = VideoJobSchema.parse((await submit(caller(first), { ...veo, model: "google/veo-3.1-fast" })).json);
    await first.close();

    // Back up while the clock says the job is generating (400 ms queued, then 800 ms).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, submittedAt + 600 - Date.now())));
    const second = await start();
    try {
      const call = caller(second);
      const seen: string[] = [];
      const done = await poll(call, job.id, (j) => (seen.push(j.status), j.status === "completed"));
      // A timeline restarted at the restart would show its 400 ms queue again.
      expect(seen[0]).toBe("in_progress");
      expect(seen).not.toContain("pending");
      expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_200);
      expect(done.usage?.cost).toBeCloseTo(0.6);
      expect(fs.readdirSync(path.join(dataDir, "video-cache"))).toContain(`${job.id}.webm`);
    } finally {
      await second.close();
    }

    // Completed before the restart: served from the cache, same bytes.
    const third = await start();
    try {
      const call = caller(third);
      expect((await poll(call, job.id)).status).toBe("completed");
      const served = Buffer.from(await (await call(`/videos/${job.id}/content`)).arrayBuffer());
      expect(served.equals(fs.readFileSync(path.join(dataDir, "video-cache", `${job.id}.webm`)))).toBe(true);
    } finally {
      await third.close();
    }
  });
});
