import "server-only";
import { formatWait } from "@/lib/format/time";
import type { AppDb } from "../db/app-db";
import { serverEnv, type ServerEnv } from "./env";
import { HttpError } from "../http/errors";
import { createRateLimiter, retryAfterSeconds, take, type RateLimiter } from "./rate-limits";

/**
 * Per-user limits on BFF routes that spend the gateway key every user shares: without them one
 * user (or one runaway script with a session cookie) could use up the whole key's quota. A route
 * names its bucket in defineRoute's `limit`; each call takes one point, counted per user per minute
 * in the app database (shared by every instance).
 */
export type UserLimitBucket = "responses" | "uploads" | "gateway" | "imports";

const WINDOW_SECONDS = 60;

const BUCKETS: Record<UserLimitBucket, { setting: keyof ServerEnv & `RATE_LIMIT_${string}`; what: string }> = {
  // Model runs: the expensive calls (streamed, long, billed per token).
  responses: { setting: "RATE_LIMIT_RESPONSES_PER_MINUTE", what: "model responses" },
  uploads: { setting: "RATE_LIMIT_UPLOADS_PER_MINUTE", what: "file uploads" },
  // Everything else that reaches the gateway: lists, reads, downloads, preset saves, deletes.
  gateway: { setting: "RATE_LIMIT_GATEWAY_PER_MINUTE", what: "gateway requests" },
  // Question-set imports: each reads and checks a file of up to 16 MiB, far more work than a read.
  imports: { setting: "RATE_LIMIT_IMPORTS_PER_MINUTE", what: "question-set imports" },
};

const limiters = new WeakMap<AppDb, Map<UserLimitBucket, { limiter: RateLimiter; points: number }>>();

function limiterFor(db: AppDb, bucket: UserLimitBucket): { limiter: RateLimiter; points: number } {
  let byBucket = limiters.get(db);
  if (!byBucket) {
    byBucket = new Map();
    limiters.set(db, byBucket);
  }
  let entry = byBucket.get(bucket);
  if (!entry) {
    const points = serverEnv()[BUCKETS[bucket].setting];
    entry = { limiter: createRateLimiter(db, { name: `user_${bucket}`, points, windowSeconds: WINDOW_SECONDS }), points };
    byBucket.set(bucket, entry);
  }
  return entry;
}

/**
 * Takes `calls` calls (one unless told) from `userId`'s `bucket`, or throws the 429 that says which limit and
 * when to retry (the browser's ApiError carries both: message and Retry-After).
 */
export async function chargeUser(db: AppDb, bucket: UserLimitBucket, userId: string, calls = 1): Promise<void> {
  const { limiter, points } = limiterFor(db, bucket);
  const refused = await take(limiter, userId, calls);
  if (!refused) return;
  const wait = retryAfterSeconds(refused);
  throw new HttpError(429, `You have reached your limit of ${points} ${BUCKETS[bucket].what} a minute. Try again in ${formatWait(wait)}.`, {
    headers: { "Retry-After": String(wait) },
    metadata: { bucket, limit: points, window_seconds: WINDOW_SECONDS, retry_after: wait },
  });
}

/**
 * Work one user may have under way at once on this instance, beyond the per-minute counts: each holds one of
 * the instance's few lock holders (db.serialize, LOCK_HOLDERS_MAX) while the gateway answers, so one user's
 * burst must stay below that number. Per instance on purpose: the connection pool it protects is too.
 */
const AT_ONCE_PER_USER = { "preset-saves": { limit: 2, what: "preset saves" } } as const;
export type UserConcurrencyKind = keyof typeof AT_ONCE_PER_USER;

const underWay = new Map<string, number>();

/** Runs `task` as one of `userId`'s `kind` at once, or throws a 429 with Retry-After when they have the most already. */
export async function withinUserConcurrency<T>(kind: UserConcurrencyKind, userId: string, task: () => Promise<T>): Promise<T> {
  const { limit, what } = AT_ONCE_PER_USER[kind];
  const key = `${kind}\u0000${userId}`;
  const current = underWay.get(key) ?? 0;
  if (current >= limit) {
    throw new HttpError(429, `You have ${limit} ${what} under way already. Try again in a second, when they are done.`, {
      headers: { "Retry-After": "1" },
      metadata: { concurrent_limit: limit, retry_after: 1 },
    });
  }
  underWay.set(key, current + 1);
  try {
    return await task();
  } finally {
    const left = (underWay.get(key) ?? 1) - 1;
    if (left > 0) underWay.set(key, left);
    else underWay.delete(key);
  }
}
