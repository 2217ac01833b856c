import "server-only";
import { formatWait } from "@/lib/format/time";
import { formatUsd } from "@/lib/video-models/money";
import { serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import type { VideoGenerationsStore } from "../db/video-generations-store";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Cents of float noise (0.1 × 3) must not refuse a request that is exactly at the limit. */
const EPSILON = 1e-9;

/**
 * Refuses a generation whose estimated cost is over the user's limits, before anything is spent:
 * per generation (402: asking again will not help, a cheaper choice will) and over the last 24 hours
 * (429 with Retry-After: the moment enough of the window's spending has rolled out of it).
 * Callers hold the user's lock (db.serialize) from this check to the recorded generation, so two
 * tabs cannot both pass it with the same budget.
 */
export async function checkVideoSpending(store: VideoGenerationsStore, userId: string, estimateUsd: number, now = Date.now()): Promise<void> {
  const env = serverEnv();
  const perRequest = env.VIDEO_MAX_COST_PER_REQUEST_USD;
  if (estimateUsd > perRequest + EPSILON) {
    throw new HttpError(
      402,
      `This generation's estimated cost, ${formatUsd(estimateUsd)}, is over your limit of ${formatUsd(perRequest)} per generation. Choose fewer models, a shorter duration or a lower resolution.`,
      { metadata: { limit: "per_request", setting: "VIDEO_MAX_COST_PER_REQUEST_USD", limit_usd: perRequest, estimated_cost_usd: estimateUsd } },
    );
  }

  const perDay = env.VIDEO_MAX_COST_PER_DAY_USD;
  const charges = await store.chargesSince(userId, new Date(now - DAY_MS).toISOString());
  const spent = charges.reduce((sum, charge) => sum + charge.usd, 0);
  if (spent + estimateUsd <= perDay + EPSILON) return;

  const metadata = { limit: "per_day", setting: "VIDEO_MAX_COST_PER_DAY_USD", limit_usd: perDay, spent_usd: spent, estimated_cost_usd: estimateUsd };
  const base = `This generation's estimated cost, ${formatUsd(estimateUsd)}, with the ${formatUsd(spent)} you spent in the last 24 hours is over your limit of ${formatUsd(perDay)} a day.`;
  let freed = 0;
  for (const charge of charges) {
    freed += charge.usd;
    if (spent - freed + estimateUsd <= perDay + EPSILON) {
      const wait = Math.max(1, Math.ceil((Date.parse(charge.at) + DAY_MS - now) / 1000));
      throw new HttpError(429, `${base} Try again in ${formatWait(wait)}, or choose a cheaper generation.`, {
        headers: { "Retry-After": String(wait) },
        metadata: { ...metadata, retry_after: wait },
      });
    }
  }
  // Over the daily limit even with nothing spent: no wait will make it fit.
  throw new HttpError(402, `${base} Choose a cheaper generation.`, { metadata });
}
