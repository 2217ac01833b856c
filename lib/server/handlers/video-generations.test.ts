import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GenerationEnvelopeSchema, GenerationListResponseSchema, type Generation, type GenerationSettings } from "@/lib/contract/bff/video-generations";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { Role } from "@/lib/contract/bff/schemas";
import { randomUUID } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { appContext } from "../config/app-context";
import { resetServerEnv } from "../config/env";
import { mintSessionCookie } from "../auth/session";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { VideoGenerationsStore } from "../db/video-generations-store";
import { clearVideoModelsCache } from "../services/catalog";
import { startCountingProxy, type CountingProxy } from "../testing/counting-proxy";
import { relayJobContent } from "./video-content";
import { cancelGeneration, createGeneration, getGeneration, getGenerationFrame, listGenerations } from "./video-generations";

/**
 * Issue 18, the BFF side: real HTTP to embedded gateways (time scale 0: a job completes once its clip
 * is made; a second one at scale 1 for jobs that must still be running), through a proxy that counts
 * what reaches them, and the app database on both dialects.
 */
const VEO = "google/veo-3.1";
const FAST = "google/veo-3.1-fast";
const KLING = "kwaivgi/kling-v2.5-turbo-pro";
/** Priced by a SKU whose unit the calculator cannot read ("generate"): no estimate. */
const HUNYUAN = "tencent/hunyuan-video";
/** Priced per output second, with no duration setting: the calculator's figure would be $0. */
const TOPAZ = "topaz/video-upscale";
const SETTINGS: GenerationSettings = { duration: 4, resolution: "720p", aspect_ratio: "16:9", audio: true };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A frame image of `size` bytes: the PNG signature, then filler (neither the BFF nor the gateway decodes it). */
const pngOf = (size: number) => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 3)]);
const dataUrlOf = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;

describe.each(APP_DB_DIALECTS)("video generations on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let slow: EmbeddedGateway;
  let proxy: CountingProxy;
  let bff: BffTestEnv;
  let keyCounter = 0;

  beforeAll(async () => {
    gateway = await startTestGateway({ videoTimeScale: 0, videoCreditsUsd: 1000 });
    slow = await startTestGateway({ videoTimeScale: 1, videoCreditsUsd: 1000 });
    proxy = await startCountingProxy(gateway.baseUrl);
    bff = await setUpBff({ baseUrl: proxy.baseUrl, apiKey: gateway.apiKey }, {}, { database: dialect });
    clearVideoModelsCache();
  });
  afterAll(async () => {
    await bff.cleanup();
    await proxy.close();
    await Promise.all([gateway.close(), slow.close()]);
  });

  function submit(body: unknown, options: { role?: Role; key?: string | null } = {}) {
    const key = options.key === undefined ? `test-key-${dialect}-${keyCounter++}` : options.key;
    return createGeneration(
      bff.request("/api/videos/generations", { role: options.role ?? "editor", json: body, headers: key === null ? {} : { "idempotency-key": key } }),
      params({}),
    );
  }

  async function read(id: string): Promise<Generation> {
    const response = await getGeneration(bff.request(`/api/videos/generations/${id}`, { role: "viewer" }), params({ id }));
    expect(response.status).toBe(200);
    return GenerationEnvelopeSchema.parse(await response.json()).data;
  }

  /** Reads the generation (which polls the gateway when a job is due) until every job is final. */
  async function settled(id: string, timeoutMs = 20_000): Promise<Generation> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const generation = await read(id);
      if (generation.jobs.every((job) => !["pending", "in_progress"].includes(job.status))) return generation;
      if (Date.now() > deadline) throw new Error(`generation ${id} still running: ${JSON.stringify(generation.jobs)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  let userCounter = 0;
  /** A user of their own: an empty spending ledger and no stored frames. */
  async function freshUser(): Promise<{ id: string; cookie: string }> {
    const user = await (await appContext()).users.create({ email: `fresh-${dialect}-${userCounter++}@test.local`, role: "editor", passwordHash: "unused" });
    return { id: user.id, cookie: await mintSessionCookie(user.id) };
  }

  function submitAs(cookie: string, body: unknown) {
    const headers = { cookie, "idempotency-key": `test-key-${dialect}-${keyCounter++}` };
    return createGeneration(bff.request("/api/videos/generations", { role: null, json: body, headers }), params({}));
  }

  /** Env settings for the length of `task`. */
  async function withSettings(settings: Record<string, string>, task: () => Promise<void>) {
    try {
      Object.assign(process.env, settings);
      resetServerEnv();
      await task();
    } finally {
      for (const name of Object.keys(settings)) delete process.env[name];
      resetServerEnv();
    }
  }

  async function errorOf(response: Response, status: number) {
    expect(response.status).toBe(status);
    const body = ErrorBodySchema.parse(await response.json());
    expect(body.error.code).toBe(status);
    return body.error;
  }

  let completed: Generation;

  it("two models both complete; the history lists them newest first with who, settings and cost", async () => {
    const response = await submit({ prompt: "A lighthouse in a storm", models: [VEO, FAST], settings: SETTINGS });
    expect(response.status).toBe(202);
    const submitted = GenerationEnvelopeSchema.parse(await response.json()).data;
    // Veo 3.1 with audio $0.75/s and Veo 3.1 Fast $0.15/s, 4 s each.
    expect(submitted.jobs.map((job) => job.estimated_cost)).toEqual([3, 0.6]);
    expect(submitted.estimated_cost).toBeCloseTo(3.6);
    expect(submitted.jobs.every((job) => job.job_id !== null)).toBe(true);

    completed = await settled(submitted.id);
    expect(completed.jobs.map((job) => job.status)).toEqual(["completed", "completed"]);
    expect(completed.jobs.map((job) => job.cost)).toEqual([3, 0.6]);
    expect(completed.jobs[0].content_url).toBe(`/api/videos/jobs/${completed.jobs[0].job_id}/content`);

    const list = await listGenerations(bff.request("/api/videos/generations", { role: "viewer" }), params({}));
    const history = GenerationListResponseSchema.parse(await list.json());
    expect(history.data[0]).toMatchObject({ id: submitted.id, prompt: "A lighthouse in a storm", models: [VEO, FAST], settings: SETTINGS, user: { email: "editor@test.local" } });
    expect(history.data[0].jobs.map((job) => [job.status, job.cost])).toEqual([["completed", 3], ["completed", 0.6]]);
  });

  it("pages the history with an opaque cursor and refuses a forged one", async () => {
    await submit({ prompt: "Second", models: [FAST], settings: SETTINGS });
    const first = GenerationListResponseSchema.parse(await (await listGenerations(bff.request("/api/videos/generations?limit=1", { role: "viewer" }), params({}))).json());
    expect(first.data.map((g) => g.prompt)).toEqual(["Second"]);
    const second = GenerationListResponseSchema.parse(
      await (await listGenerations(bff.request(`/api/videos/generations?limit=1&cursor=${first.next_cursor}`, { role: "viewer" }), params({}))).json(),
    );
    expect(second.data.map((g) => g.prompt)).toEqual(["A lighthouse in a storm"]);
    const forged = await errorOf(await listGenerations(bff.request("/api/videos/generations?cursor=bm9wZQ", { role: "viewer" }), params({})), 400);
    expect(forged.message).toMatch(/cursor/);
  });

  it("relays the content with Range: 206, Content-Range, the type and the length; only for jobs in the history", async () => {
    const jobId = completed.jobs[0].job_id!;
    const response = await relayJobContent(bff.request(`/api/videos/jobs/${jobId}/content`, { role: "viewer", headers: { range: "bytes=0-99" } }), params({ jobId }));
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-length")).toBe("100");
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    const whole = await relayJobContent(bff.request(`/api/videos/jobs/${jobId}/content`, { role: "viewer" }), params({ jobId }));
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get("content-length"))).toBe((await whole.arrayBuffer()).byteLength);
    await errorOf(await relayJobContent(bff.request("/api/videos/jobs/not-ours/content", { role: "viewer" }), params({ jobId: "not-ours" })), 404);
  });

  it("a model whose job fails shows its error while the other completes", async () => {
    const rule = await fetch(`${gateway.baseUrl}/__faults`, {
      method: "POST",
      headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
      body: JSON.stringify({ path: "/videos", count: 1, fail_video_job: "Provider returned an error", model: FAST }),
    });
    expect(rule.status).toBe(201);
    const submitted = GenerationEnvelopeSchema.parse(await (await submit({ prompt: "A fox", models: [VEO, FAST], settings: SETTINGS })).json()).data;
    const done = await settled(submitted.id);
    expect(done.jobs.map((job) => [job.model, job.status, job.error])).toEqual([
      [VEO, "completed", null],
      [FAST, "failed", "Provider returned an error"],
    ]);
  });

  it("a gateway 402 for one model fails that job with the explanation; the other carries on", async () => {
    const poor = await startTestGateway({ videoTimeScale: 0, videoCreditsUsd: 1 });
    proxy.retarget(poor.baseUrl);
    try {
      const submitted = GenerationEnvelopeSchema.parse(await (await submit({ prompt: "A fox", models: [VEO, FAST], settings: SETTINGS })).json()).data;
      expect(submitted.jobs[0]).toMatchObject({ status: "failed", job_id: null });
      expect(submitted.jobs[0].error).toMatch(/lack of credits.*Insufficient credits/);
      expect((await settled(submitted.id)).jobs[1].status).toBe("completed");
    } finally {
      proxy.retarget(gateway.baseUrl);
      await poor.close();
    }
  });

  it("a job whose submission was interrupted before the gateway answered ends failed, saying so, instead of pending forever", async () => {
    const { videoGenerations } = await appContext();
    const id = randomUUID();
    const user = { id: bff.userIds.editor, email: "editor@test.local", name: "Test editor" };
    const longAgo = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    // Recorded, then the process died before the gateway's answer was written.
    await videoGenerations.create({
      id,
      user,
      prompt: "Crashed",
      settings: SETTINGS,
      models: [FAST],
      estimatedCost: 0.6,
      estimateComplete: true,
      idempotencyKey: `crashed-${dialect}`,
      requestFingerprint: "x",
      createdAt: longAgo,
      jobs: [{ model: FAST, estimatedCost: 0.6 }],
    });
    const job = (await read(id)).jobs[0];
    expect(job).toMatchObject({ status: "failed", job_id: null });
    expect(job.error).toMatch(/interrupted/);
  });

  it("a viewer may read but not submit (403), and nothing reaches the gateway", async () => {
    const before = proxy.count("POST", "/videos");
    const error = await errorOf(await submit({ prompt: "x", models: [FAST] }, { role: "viewer" }), 403);
    expect(error.message).toMatch(/editor/);
    expect(proxy.count("POST", "/videos")).toBe(before);
  });

  it("400s name the field: prompt, models, Idempotency-Key", async () => {
    expect((await errorOf(await submit({ prompt: "", models: [FAST] }), 400)).message).toMatch(/prompt/);
    expect((await errorOf(await submit({ prompt: "x", models: [] }), 400)).message).toMatch(/models/);
    expect((await errorOf(await submit({ prompt: "x", models: ["nobody/none"] }), 400)).message).toMatch(/models\[0\]/);
    expect((await errorOf(await submit({ prompt: "x", models: [FAST] }, { key: null }), 400)).message).toMatch(/Idempotency-Key/);
  });

  it("a first frame image goes to each model; the routes answer the path that serves it, with the same bytes", async () => {
    const image = pngOf(300);
    const submitted = GenerationEnvelopeSchema.parse(
      await (await submit({ prompt: "From this frame", models: [VEO, FAST], settings: { ...SETTINGS, first_frame: dataUrlOf(image) } })).json(),
    ).data;
    const framePath = `/api/videos/generations/${submitted.id}/frames/first_frame`;
    expect(submitted.settings.first_frame).toBe(framePath);
    // The gateway took the frame_images each model was sent (it refuses a malformed or unsupported one).
    const done = await settled(submitted.id);
    expect(done.jobs.map((job) => job.status)).toEqual(["completed", "completed"]);
    expect(done.settings.first_frame).toBe(framePath);

    const frame = await getGenerationFrame(bff.request(framePath, { role: "viewer" }), params({ id: submitted.id, frame: "first_frame" }));
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-type")).toBe("image/png");
    expect(frame.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await frame.arrayBuffer()).equals(image)).toBe(true);
    await errorOf(await getGenerationFrame(bff.request(framePath, { role: "viewer" }), params({ id: submitted.id, frame: "last_frame" })), 404);
    expect((await errorOf(await getGenerationFrame(bff.request(framePath, { role: "viewer" }), params({ id: submitted.id, frame: "middle" })), 400)).message).toMatch(/frame/);
  });

  it("takes two frame images of the largest size allowed, over the usual 1 MB body bound", async () => {
    const largest = dataUrlOf(pngOf(1024 * 1024));
    const response = await submit({ prompt: "Between two frames", models: [VEO], settings: { ...SETTINGS, first_frame: largest, last_frame: largest } });
    expect(response.status).toBe(202);
    const submitted = GenerationEnvelopeSchema.parse(await response.json()).data;
    expect((await settled(submitted.id)).jobs[0]).toMatchObject({ status: "completed", error: null });
  });

  it("frame images: 400s name the field (type, size, bytes, scheme, a model that takes none); nothing is submitted", async () => {
    const before = proxy.count("POST", "/videos");
    const refused = async (settings: GenerationSettings, models = [VEO]) => (await errorOf(await submit({ prompt: "x", models, settings }), 400)).message;
    expect(await refused({ first_frame: dataUrlOf(Buffer.from("GIF89a......"), "image/gif") })).toMatch(/settings\.first_frame.*PNG, JPEG or WebP/);
    expect(await refused({ last_frame: dataUrlOf(pngOf(1024 * 1024 + 1)) })).toMatch(/settings\.last_frame.*over the 1\.0 MB limit/);
    expect(await refused({ first_frame: dataUrlOf(Buffer.from("not a png at all")) })).toMatch(/settings\.first_frame.*not .*PNG/);
    expect(await refused({ first_frame: "data:image/png;base64,%%%%" })).toMatch(/settings\.first_frame.*base64/);
    expect(await refused({ first_frame: "http://example.com/a.png" })).toMatch(/settings\.first_frame.*https URL/);
    expect(await refused({ frame_images: [] } as GenerationSettings)).toMatch(/frame_images/);
    expect(await refused({ last_frame: dataUrlOf(pngOf(100)) }, [VEO, FAST])).toMatch(new RegExp(`settings\\.last_frame: ${FAST} takes no last frame image`));
    expect(proxy.count("POST", "/videos")).toBe(before);
  });

  it("frame URLs to IP literals, reserved or single-label hosts: 400 naming the field; the gateway is never asked to fetch them", async () => {
    const before = proxy.count("POST", "/videos");
    const forbidden = [
      "https://169.254.169.254/latest/meta-data/",
      "https://2852039166/latest",
      "https://0xa9.0xfe.0xa9.0xfe/latest",
      "https://0251.0376.0251.0376/latest",
      "https://[::ffff:a9fe:a9fe]/latest",
      "https://localhost/a.png",
      "https://x.localhost/a.png",
      "https://nas.local/a.png",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://router.home.arpa/a.png",
      "https://intranet/a.png",
    ];
    for (const url of forbidden) {
      const error = await errorOf(await submit({ prompt: "x", models: [VEO], settings: { ...SETTINGS, last_frame: url } }), 400);
      expect(error.message, url).toMatch(/settings\.last_frame.*must name a public host/);
    }
    expect(proxy.count("POST", "/videos")).toBe(before);
  });

  it("a setting one model cannot take is a 400 naming each model and field; nothing is submitted", async () => {
    const before = proxy.count("POST", "/videos");
    const error = await errorOf(await submit({ prompt: "x", models: [VEO, KLING], settings: { duration: 4, seed: 7 } }), 400);
    expect(error.metadata?.unsupported).toEqual([
      { model: KLING, field: "duration", message: `${KLING} takes 5, 10`, supported: [5, 10] },
      { model: KLING, field: "seed", message: `${KLING} takes no seed`, supported: [] },
    ]);
    expect(error.message).toMatch(/settings\.duration/);
    expect(proxy.count("POST", "/videos")).toBe(before);
  });

  it("the same Idempotency-Key twice gives one generation, and the gateway saw one submission per model", async () => {
    const before = proxy.count("POST", "/videos");
    const body = { prompt: "Once only", models: [VEO, FAST], settings: SETTINGS };
    const first = await submit(body, { key: `once-${dialect}` });
    const again = await submit(body, { key: `once-${dialect}` });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(GenerationEnvelopeSchema.parse(await again.json()).data.id).toBe(GenerationEnvelopeSchema.parse(await first.json()).data.id);
    expect(proxy.count("POST", "/videos")).toBe(before + 2);
    const history = GenerationListResponseSchema.parse(await (await listGenerations(bff.request("/api/videos/generations?limit=100", { role: "viewer" }), params({}))).json());
    expect(history.data.filter((g) => g.prompt === "Once only")).toHaveLength(1);
    const other = await errorOf(await submit({ ...body, prompt: "Something else" }, { key: `once-${dialect}` }), 400);
    expect(other.message).toMatch(/Idempotency-Key/);
  });

  it("the spending guard refuses over the per-generation (402) and per-day (429) limits, naming them", async () => {
    try {
      Object.assign(process.env, { VIDEO_MAX_COST_PER_REQUEST_USD: "1", VIDEO_MAX_COST_PER_DAY_USD: "4" });
      resetServerEnv();
      const perRequest = await errorOf(await submit({ prompt: "x", models: [VEO], settings: SETTINGS }, { role: "admin" }), 402);
      expect(perRequest.message).toMatch(/\$3\.00.*limit of \$1\.00 per generation/);
      expect(perRequest.metadata).toMatchObject({ limit: "per_request", setting: "VIDEO_MAX_COST_PER_REQUEST_USD", limit_usd: 1 });

      process.env.VIDEO_MAX_COST_PER_REQUEST_USD = "10";
      resetServerEnv();
      expect((await submit({ prompt: "x", models: [VEO], settings: SETTINGS }, { role: "admin" })).status).toBe(202);
      // The job's estimate is on the one ledger, where every feature's spending is.
      const { db } = await appContext();
      const entries = await db.kysely.selectFrom("ledger_entries").select(["feature", "model", "reserved_usd"]).where("feature", "=", "video").where("model", "=", VEO).execute();
      expect(entries.some((entry) => Math.abs(Number(entry.reserved_usd) - 3) < 1e-9)).toBe(true);
      const perDay = await submit({ prompt: "y", models: [VEO], settings: SETTINGS }, { role: "admin" });
      const error = await errorOf(perDay, 429);
      expect(error.message).toMatch(/\$3\.00 spent today \(UTC\) is over your limit of \$4\.00 a day/);
      expect(error.metadata).toMatchObject({ limit: "per_day", limit_usd: 4, spent_usd: 3 });
      // The day resets at the next UTC midnight, which Retry-After names.
      const midnight = new Date();
      midnight.setUTCHours(24, 0, 0, 0);
      expect(Math.abs(Number(perDay.headers.get("retry-after")) - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(60);
    } finally {
      delete process.env.VIDEO_MAX_COST_PER_REQUEST_USD;
      delete process.env.VIDEO_MAX_COST_PER_DAY_USD;
      resetServerEnv();
    }
  });

  it("a model the calculator cannot price is refused naming it; with VIDEO_UNPRICED_MODEL_CEILING_USD it counts at the ceiling in both limits", async () => {
    const before = proxy.count("POST", "/videos");
    const refused = await errorOf(await submit({ prompt: "x", models: [FAST, HUNYUAN], settings: {} }), 400);
    expect(refused.message).toMatch(/models\[1\]: tencent\/hunyuan-video has no price .*VIDEO_UNPRICED_MODEL_CEILING_USD/);
    expect(refused.metadata?.unpriced).toEqual([{ model: HUNYUAN, reason: "Unit unknown (generate)" }]);
    const perSecond = await errorOf(await submit({ prompt: "x", models: [TOPAZ], settings: {} }), 400);
    expect(perSecond.message).toMatch(/models\[0\]: topaz\/video-upscale has no price .*length is not known/);
    expect(proxy.count("POST", "/videos")).toBe(before);

    const { cookie } = await freshUser();
    const body = { prompt: "Unpriced", models: [HUNYUAN], settings: {} };
    await withSettings({ VIDEO_UNPRICED_MODEL_CEILING_USD: "2", VIDEO_MAX_COST_PER_REQUEST_USD: "1.5", VIDEO_MAX_COST_PER_DAY_USD: "3" }, async () => {
      const perRequest = await errorOf(await submitAs(cookie, body), 402);
      expect(perRequest.metadata).toMatchObject({ limit: "per_request", estimated_cost_usd: 2 });
      process.env.VIDEO_MAX_COST_PER_REQUEST_USD = "10";
      resetServerEnv();
      const accepted = await submitAs(cookie, body);
      expect(accepted.status).toBe(202);
      const generation = GenerationEnvelopeSchema.parse(await accepted.json()).data;
      expect(generation).toMatchObject({ estimated_cost: 2, estimate_complete: false });
      expect(generation.jobs[0]).toMatchObject({ model: HUNYUAN, estimated_cost: 2 });
      const perDay = await errorOf(await submitAs(cookie, body), 429);
      expect(perDay.metadata).toMatchObject({ limit: "per_day", spent_usd: 2, estimated_cost_usd: 2 });
    });
  });

  it("a job whose outcome is unknown (interrupted, lost at the gateway, its submission answered 500) counts at its estimate in the daily ledger", async () => {
    const { videoGenerations } = await appContext();
    const user = await freshUser();
    const id = randomUUID();
    await videoGenerations.create({
      id,
      user: { id: user.id, email: "fresh@test.local", name: "Fresh" },
      prompt: "Unknown outcomes",
      settings: SETTINGS,
      models: [FAST, VEO],
      estimatedCost: 3.6,
      estimateComplete: true,
      idempotencyKey: `unknown-${dialect}`,
      requestFingerprint: "x",
      createdAt: new Date(Date.now() - 10 * 60 * 1000).toISOString(),
      jobs: [{ model: FAST, estimatedCost: 0.6 }, { model: VEO, estimatedCost: 3 }],
    });
    // The first never got the gateway's answer (a crash); the second's job the gateway no longer knows.
    const [, lost] = await videoGenerations.jobRows(id);
    await videoGenerations.recordSubmissions([{ jobRowId: lost.id, update: { gateway_job_id: "vid_forgotten", status: "in_progress", next_poll_at: 0 } }]);
    const jobs = (await read(id)).jobs;
    expect(jobs.map((job) => job.status)).toEqual(["failed", "failed"]);
    expect(jobs[0].error).toMatch(/interrupted/);
    expect(jobs[1].error).toMatch(/no longer knows/);
    await withSettings({ VIDEO_MAX_COST_PER_DAY_USD: "4.5" }, async () => {
      // A submission the gateway answers with a 500 may have started the job: failed, saying so, and counted.
      const rule = await fetch(`${gateway.baseUrl}/__faults`, {
        method: "POST",
        headers: { authorization: `Bearer ${gateway.managementKey}`, "content-type": "application/json" },
        body: JSON.stringify({ path: "/videos", method: "POST", count: 1, status: 500 }),
      });
      expect(rule.status).toBe(201);
      const answered = GenerationEnvelopeSchema.parse(await (await submitAs(user.cookie, { prompt: "x", models: [FAST], settings: SETTINGS })).json()).data;
      expect(answered.jobs[0]).toMatchObject({ status: "failed", job_id: null });
      expect(answered.jobs[0].error).toMatch(/may or may not have started/);
      const error = await errorOf(await submitAs(user.cookie, { prompt: "x", models: [FAST], settings: SETTINGS }), 429);
      expect(error.metadata).toMatchObject({ limit: "per_day" });
      expect(error.metadata?.spent_usd).toBeCloseTo(4.2);
    });
  });

  it("lists and gets never read the frame images: a history of generations with two 1 MiB frames each stays small", async () => {
    const { cookie } = await freshUser();
    const frame = pngOf(1024 * 1024);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await submitAs(cookie, { prompt: `Heavy ${i}`, models: [VEO], settings: { ...SETTINGS, first_frame: dataUrlOf(frame), last_frame: dataUrlOf(frame) } });
      expect(response.status).toBe(202);
      ids.push(GenerationEnvelopeSchema.parse(await response.json()).data.id);
    }
    // What the store reads: every query and the size of every row it gets back.
    const queries: string[] = [];
    let bytesRead = 0;
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        queries.push(JSON.stringify(node));
        return node;
      },
      transformResult: async ({ result }) => {
        bytesRead += JSON.stringify(result.rows).length;
        return result;
      },
    };
    const store = new VideoGenerationsStore({ kysely: (await appContext()).db.kysely.withPlugin(recorder) });
    const listed = await store.list(101);
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(await store.get(ids[0])).toMatchObject({ settings: { first_frame: `/api/videos/generations/${ids[0]}/frames/first_frame` } });
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.filter((query) => query.includes("video_generation_frames"))).toEqual([]);
    expect(bytesRead).toBeLessThan(64 * 1024);

    const list = await listGenerations(bff.request("/api/videos/generations?limit=100", { role: "viewer" }), params({}));
    expect((await list.text()).length).toBeLessThan(64 * 1024);
    // The frame route alone reads them, whole.
    const served = await getGenerationFrame(bff.request(`/api/videos/generations/${ids[2]}/frames/last_frame`, { role: "viewer" }), params({ id: ids[2], frame: "last_frame" }));
    expect(Buffer.from(await served.arrayBuffer()).equals(frame)).toBe(true);
  });

  it("a user's stored frame bytes are bounded by VIDEO_MAX_FRAME_BYTES_PER_USER: 413 naming the frame fields, nothing submitted", async () => {
    const { cookie } = await freshUser();
    const megabyte = dataUrlOf(pngOf(1024 * 1024));
    await withSettings({ VIDEO_MAX_FRAME_BYTES_PER_USER: String(1.5 * 1024 * 1024) }, async () => {
      expect((await submitAs(cookie, { prompt: "First", models: [VEO], settings: { ...SETTINGS, first_frame: megabyte } })).status).toBe(202);
      const before = proxy.count("POST", "/videos");
      const over = await errorOf(await submitAs(cookie, { prompt: "Second", models: [VEO], settings: { ...SETTINGS, first_frame: megabyte, last_frame: dataUrlOf(pngOf(1000)) } }), 413);
      expect(over.message).toMatch(/^settings\.first_frame, settings\.last_frame: .*1\.0 MB.*limit of 1\.5 MB/);
      expect(over.metadata).toMatchObject({ setting: "VIDEO_MAX_FRAME_BYTES_PER_USER", stored_bytes: 1024 * 1024, frame_bytes: 1024 * 1024 + 1000 });
      expect(proxy.count("POST", "/videos")).toBe(before);
      // An https frame is only its address; another user has room of their own.
      expect((await submitAs(cookie, { prompt: "Linked", models: [VEO], settings: { ...SETTINGS, first_frame: "https://cdn.example.com/a.png" } })).status).toBe(202);
      expect((await submitAs((await freshUser()).cookie, { prompt: "Other", models: [VEO], settings: { ...SETTINGS, first_frame: megabyte } })).status).toBe(202);
    });
  });

  it("honours the gateway's Retry-After when a poll is refused: no poll before it, whatever the backoff says", async () => {
    proxy.retarget(slow.baseUrl);
    const faults = (method: string, body?: unknown) =>
      fetch(`${slow.baseUrl}/__faults`, {
        method,
        headers: { authorization: `Bearer ${slow.managementKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      const submitted = GenerationEnvelopeSchema.parse(await (await submit({ prompt: "Busy", models: [VEO], settings: SETTINGS })).json()).data;
      const jobPath = `/videos/${submitted.jobs[0].job_id}`;
      expect((await faults("POST", { path: "/videos/*", method: "GET", count: 5, status: 429, retry_after_seconds: 30 })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await read(submitted.id);
      // Retry-After 30 s is past the upstream client's 3 s retry budget: one attempt, then the answer.
      expect(proxy.count("GET", jobPath)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      expect((await read(submitted.id)).jobs[0].status).toMatch(/pending|in_progress/);
      expect(proxy.count("GET", jobPath)).toBe(1);
    } finally {
      await faults("DELETE");
      proxy.retarget(gateway.baseUrl);
    }
  });

  it("polls with a stored backoff: a second read within it does not call the gateway; cancel keeps the record and stops polling", async () => {
    proxy.retarget(slow.baseUrl);
    try {
      const submitted = GenerationEnvelopeSchema.parse(await (await submit({ prompt: "Slow", models: [VEO], settings: SETTINGS })).json()).data;
      const jobPath = `/videos/${submitted.jobs[0].job_id}`;
      expect(proxy.count("GET", jobPath)).toBe(0);
      // Not due yet (first poll a second after submission): reading costs the gateway nothing.
      await read(submitted.id);
      expect(proxy.count("GET", jobPath)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await read(submitted.id)).jobs[0].status).toMatch(/pending|in_progress/);
      expect(proxy.count("GET", jobPath)).toBe(1);
      await read(submitted.id);
      expect(proxy.count("GET", jobPath)).toBe(1);

      const refused = await cancelGeneration(bff.request(`/api/videos/generations/${submitted.id}/cancel`, { role: "viewer", method: "POST" }), params({ id: submitted.id }));
      await errorOf(refused, 403);
      const cancel = await cancelGeneration(bff.request(`/api/videos/generations/${submitted.id}/cancel`, { role: "editor", method: "POST" }), params({ id: submitted.id }));
      expect(cancel.status).toBe(200);
      expect(GenerationEnvelopeSchema.parse(await cancel.json()).data.jobs[0].status).toBe("cancelled");
      await new Promise((resolve) => setTimeout(resolve, 1_600));
      const kept = await read(submitted.id);
      expect(kept).toMatchObject({ id: submitted.id, prompt: "Slow" });
      expect(kept.jobs[0].status).toBe("cancelled");
      expect(proxy.count("GET", jobPath)).toBe(1);
    } finally {
      proxy.retarget(gateway.baseUrl);
    }
  });
});

describe.each(APP_DB_DIALECTS)("the history's reads are rate-limited on %s", (dialect) => {
  const LIMIT = 3;
  let bff: BffTestEnv;
  beforeAll(async () => {
    // Neither route reaches the gateway: the address is never dialled.
    bff = await setUpBff({ baseUrl: "http://gateway.invalid", apiKey: "unused" }, { RATE_LIMIT_GATEWAY_PER_MINUTE: String(LIMIT) }, { database: dialect });
  });
  afterAll(async () => {
    await bff.cleanup();
  });

  it("the list and the frame route take from the reads bucket: 429 with Retry-After past the limit, per user", async () => {
    for (let i = 0; i < LIMIT; i++) expect((await listGenerations(bff.request("/api/videos/generations?limit=100", { role: "viewer" }), params({}))).status).toBe(200);
    const refused = await listGenerations(bff.request("/api/videos/generations?limit=100", { role: "viewer" }), params({}));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(ErrorBodySchema.parse(await refused.json()).error.metadata).toMatchObject({ bucket: "gateway", limit: LIMIT });
    const id = randomUUID();
    const frame = await getGenerationFrame(bff.request(`/api/videos/generations/${id}/frames/first_frame`, { role: "viewer" }), params({ id, frame: "first_frame" }));
    expect(frame.status).toBe(429);
    expect((await listGenerations(bff.request("/api/videos/generations", { role: "editor" }), params({}))).status).toBe(200);
  });
});
