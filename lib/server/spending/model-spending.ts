import "server-only";
import { formatWait } from "@/lib/format/time";
import { formatUsd } from "@/lib/video-models/money";
import { serverEnv } from "../config/env";
import type { EvalRunsStore } from "../db/eval-runs-store";
import type { VideoGenerationsStore } from "../db/video-generations-store";
import { HttpError } from "../http/errors";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Cents of float noise (0.1 × 3) must not refuse a request that is exactly at the limit. */
const EPSILON = 1e-9;

/** Where a user's model spending is recorded: video generations and evaluation runs. */
export interface ModelLedgerSources {
  videoGenerations: Pick<VideoGenerationsStore, "chargesSince">;
  evalRuns: Pick<EvalRunsStore, "chargesSince">;
}

/** The lock key spending checks hold until what they allowed is recorded: one per user, whatever spends. */
export function modelSpendingLock(userId: string): string {
  return `model-spending:${userId}`;
}

/** The user's model charges since `since`, oldest first, from every source of the ledger. */
async function modelChargesSince(sources: ModelLedgerSources, userId: string, since: string): Promise<{ at: string; usd: number }[]> {
  const [video, evaluations] = await Promise.all([sources.videoGenerations.chargesSince(userId, since), sources.evalRuns.chargesSince(userId, since)]);
  return [...video, ...evaluations].sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * Refuses spending `estimateUsd` more when, with what the user's models cost over the last 24 hours (video
 * generations and evaluation runs on one ledger), it would pass the daily limit: 429 with Retry-After (the moment
 * enough of the window's spending has rolled out of it), or 402 when no wait would make it fit. Callers hold
 * `modelSpendingLock(userId)` from this check until the spending is recorded, so two tabs cannot both pass it
 * with the same budget. `what` names the thing in the message: "This generation's", "This run's".
 */
export async function checkDailyModelSpending(
  sources: ModelLedgerSources,
  userId: string,
  estimateUsd: number,
  what: { subject: string; cheaper: string },
  now = Date.now(),
): Promise<void> {
  const env = serverEnv();
  const perDay = env.modelMaxCostPerDayUsd;
  const charges = await modelChargesSince(sources, userId, new Date(now - DAY_MS).toISOString());
  const spent = charges.reduce((sum, charge) => sum + charge.usd, 0);
  if (spent + estimateUsd <= perDay + EPSILON) return;

  const metadata = { limit: "per_day", setting: env.modelMaxCostPerDaySetting, limit_usd: perDay, spent_usd: spent, estimated_cost_usd: estimateUsd };
  const base = `${what.subject} estimated cost, ${formatUsd(estimateUsd)}, with the ${formatUsd(spent)} you spent in the last 24 hours is over your limit of ${formatUsd(perDay)} a day.`;
  let freed = 0;
  for (const charge of charges) {
    freed += charge.usd;
    if (spent - freed + estimateUsd <= perDay + EPSILON) {
      const wait = Math.max(1, Math.ceil((Date.parse(charge.at) + DAY_MS - now) / 1000));
      throw new HttpError(429, `${base} Try again in ${formatWait(wait)}, or ${what.cheaper}.`, {
        headers: { "Retry-After": String(wait) },
        metadata: { ...metadata, retry_after: wait },
      });
    }
  }
  // Over the daily limit even with nothing spent: no wait will make it fit.
  throw new HttpError(402, `${base} ${what.cheaper[0].toUpperCase()}${what.cheaper.slice(1)}.`, { metadata });
}
