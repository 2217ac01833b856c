import { createHash, randomBytes, randomInt } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  errorBody,
  MESSAGES,
  VIDEO_LIMITS,
  VideoContentQuerySchema,
  VideoGenerationRequestSchema,
  VideoModelSchema,
  type VideoJob,
  type VideoModel,
} from "@/lib/contract/gateway";
import { estimateCost } from "@/lib/video-models/cost";
import { formatUsd } from "@/lib/video-models/money";
import { BASE_PATH } from "../base-path";
import type { GatewayContext, GatewayCtx, RouteDef } from "../context";
import { isUniqueViolation } from "../db";
import { HttpError } from "../http-error";
import { rateLimitHeaders } from "../rate-limit";
import { parseQuery, readJson } from "../request-body";
import type { VideoJobRow } from "../video/jobs-store";
import { decideRange } from "../video/range";
import { CLIP_MEDIA_TYPE } from "../video/renderer";
import { resolveVideoSettings } from "../video/settings";
import { simulatedTimes, statusAt } from "../video/timeline";

/** How long a content request waits for a clip being made again (one takes well under a second). */
const CLIP_REMAKE_WAIT_MS = 10_000;

/** Printable ASCII without spaces, as Stripe and the IETF draft use for Idempotency-Key, of bounded length. */
const isIdempotencyKey = (key: string) => key.length >= 1 && key.length <= VIDEO_LIMITS.idempotencyKeyChars && /^[\x21-\x7e]+$/.test(key);

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function videoModel(ctx: GatewayContext, id: string): VideoModel | null {
  const body = ctx.db.prepare("SELECT body FROM video_models WHERE id = ?").pluck().get(id) as string | undefined;
  return body ? VideoModelSchema.parse(JSON.parse(body)) : null;
}

/** The job as the OpenAPI's VideoGenerationResponse, at this moment of its timeline. */
function toWire(ctx: GatewayContext, c: GatewayCtx, job: VideoJobRow): VideoJob {
  const ready = job.failMessage === null && job.submittedAt + job.queuedMs + job.generationMs <= Date.now() && ctx.videos.renderer.ready(job);
  const status = statusAt(job, Date.now(), ready);
  const wire: VideoJob = { id: job.id, generation_id: job.generationId, polling_url: `${BASE_PATH}/videos/${job.id}`, status };
  if (status === "completed") {
    const origin = new URL(c.req.url).origin;
    wire.unsigned_urls = [`${origin}${BASE_PATH}/videos/${job.id}/content?index=0`];
    wire.usage = { cost: job.costUsd, is_byok: false };
  }
  if (status === "failed") wire.error = job.failMessage ?? "Video generation failed";
  return wire;
}

function findJob(ctx: GatewayContext, c: GatewayCtx): VideoJobRow {
  const id = c.req.param("jobId") ?? "";
  const job = ctx.videos.jobs.get(id);
  // Another user's job is as unknown as one that never existed.
  if (!job || job.userId !== c.get("key").userId) throw new HttpError(404, `${MESSAGES.notFound}: no video generation job "${id.slice(0, 100)}"`);
  return job;
}

/** POST /videos, GET /videos/{jobId}, GET /videos/{jobId}/content: simulated generation with real clips. */
export function videoRoutes(ctx: GatewayContext): RouteDef[] {
  const { jobs, renderer } = ctx.videos;
  return [
    {
      method: "POST",
      path: "/videos",
      access: "any",
      async handler(c) {
        const key = c.get("key");
        // Our extension (the OpenAPI has none): a retry with the same key gets the same job, charged once.
        const idempotencyKey = ctx.strict ? null : (c.req.header("idempotency-key") ?? null);
        if (idempotencyKey !== null && !isIdempotencyKey(idempotencyKey)) {
          throw HttpError.field("Idempotency-Key", `must be 1 to ${VIDEO_LIMITS.idempotencyKeyChars} printable ASCII characters without spaces`);
        }
        const request = await readJson(c.req.raw, ctx.limits.maxJsonBytes, VideoGenerationRequestSchema);
        const requestHash = createHash("sha256").update(stableJson(request)).digest("hex");

        if (idempotencyKey !== null) {
          const earlier = jobs.byIdempotencyKey(key.id, idempotencyKey);
          if (earlier) {
            if (earlier.requestHash !== requestHash) {
              throw HttpError.field("Idempotency-Key", "was already used with a different request body");
            }
            return c.json(toWire(ctx, c, earlier), 202, { "Idempotent-Replayed": "true" });
          }
        }

        const decision = ctx.videos.rateLimiter.take(key.id);
        const limitHeaders = rateLimitHeaders(decision);
        if (!decision.allowed) throw new HttpError(429, MESSAGES.rateLimited, undefined, limitHeaders);

        const model = videoModel(ctx, request.model);
        if (!model) throw HttpError.field("model", `is not a video model this gateway serves ("${request.model.slice(0, 100)}"); see GET /videos/models`);
        const settings = resolveVideoSettings(request, model);

        const estimate = estimateCost(model, { duration: settings.duration, resolution: settings.resolution, audio: settings.audio });
        const costUsd = estimate.kind === "estimate" ? Math.round(estimate.usd * 1e6) / 1e6 : null;
        const spent = jobs.spentBy(key.id);
        const remaining = Math.max(0, ctx.videos.creditsUsd - spent);
        if (costUsd !== null && costUsd > remaining + 1e-9) {
          throw new HttpError(
            402,
            `Insufficient credits: this video is estimated at ${formatUsd(costUsd)} and this key has ${formatUsd(remaining)} of its ${formatUsd(ctx.videos.creditsUsd)} demo credits left`,
            { estimated_cost: costUsd, credits_remaining: remaining, credits_limit: ctx.videos.creditsUsd },
          );
        }

        const failMessage = ctx.faults?.takeVideoFailure("/videos", model.id) ?? null;
        const times = simulatedTimes(model.id, settings, ctx.videos.timeScale);
        const hex = randomBytes(12).toString("hex");
        const job: VideoJobRow = {
          id: `job-${hex}`,
          generationId: `gen-video-${hex}`,
          keyId: key.id,
          userId: key.userId,
          model: model.id,
          request,
          requestHash,
          settings,
          seed: settings.seed ?? randomInt(0, 2 ** 31),
          costUsd,
          submittedAt: Date.now(),
          ...times,
          failMessage,
          idempotencyKey,
          contentBytes: null,
        };
        try {
          jobs.insert(job);
        } catch (error) {
          // Two submissions with one Idempotency-Key raced past the lookup: the first one's job wins.
          const winner = idempotencyKey !== null && isUniqueViolation(error) ? jobs.byIdempotencyKey(key.id, idempotencyKey) : null;
          if (!winner) throw error;
          return c.json(toWire(ctx, c, winner), 202, { "Idempotent-Replayed": "true" });
        }
        if (failMessage === null) renderer.enqueue(job.id);
        return c.json(toWire(ctx, c, job), 202, limitHeaders);
      },
    },
    {
      method: "GET",
      path: "/videos/:jobId",
      access: "any",
      handler(c) {
        return c.json(toWire(ctx, c, findJob(ctx, c)), 200, { "Cache-Control": "no-store" });
      },
    },
    {
      method: "GET",
      path: "/videos/:jobId/content",
      access: "any",
      async handler(c) {
        const job = findJob(ctx, c);
        const { index } = parseQuery(c.req.url, VideoContentQuerySchema);
        if (index !== undefined && index !== 0) throw HttpError.field("index", "must be 0: the job has one video");
        // A completed job whose clip the cache evicted: it is made again now (the same bytes), and this answer waits for it.
        if (job.failMessage === null && job.submittedAt + job.queuedMs + job.generationMs <= Date.now()) await renderer.whenMade(job, CLIP_REMAKE_WAIT_MS);
        const status = toWire(ctx, c, job).status;
        if (status !== "completed") {
          throw new HttpError(400, `${MESSAGES.badRequest}: the video is not ready (job status ${status})`, { status });
        }
        const size = renderer.size(job);
        const etag = `"${job.id}-${size}"`;
        const headers: Record<string, string> = {
          "Content-Type": CLIP_MEDIA_TYPE,
          "Accept-Ranges": "bytes",
          ETag: etag,
          // A job's clip never changes: the browser may keep it as long as it likes.
          "Cache-Control": "private, max-age=31536000, immutable",
          "Content-Disposition": `inline; filename="${job.id}.webm"`,
        };
        const ifRange = c.req.header("if-range");
        const decision = ifRange && ifRange !== etag ? ({ kind: "full" } as const) : decideRange(c.req.header("range"), size);
        if (decision.kind === "unsatisfiable") {
          return Response.json(errorBody(416, "Range Not Satisfiable", { size_bytes: size }), {
            status: 416,
            headers: { "Accept-Ranges": "bytes", "Content-Range": `bytes */${size}` },
          });
        }
        const [start, end] = decision.kind === "partial" ? [decision.start, decision.end] : [0, size - 1];
        const body = Readable.toWeb(createReadStream(renderer.fileOf(job.id), { start, end })) as ReadableStream<Uint8Array>;
        headers["Content-Length"] = String(end - start + 1);
        if (decision.kind === "partial") {
          headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
          return new Response(body, { status: 206, headers });
        }
        return new Response(body, { status: 200, headers });
      },
    },
  ];
}
