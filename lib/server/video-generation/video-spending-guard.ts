import "server-only";
import { formatUsd } from "@/lib/video-models/money";
import { serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import { checkDailyModelSpending, type ModelLedgerSources } from "../spending/model-spending";

/** Cents of float noise (0.1 × 3) must not refuse a request that is exactly at the limit. */
const EPSILON = 1e-9;

/**
 * Refuses a generation whose estimated cost is over the user's limits, before anything is spent:
 * per generation (402: asking again will not help, a cheaper choice will) and the daily model-spending
 * limit shared with evaluation runs (model-spending.ts). Callers hold the user's spending lock
 * (modelSpendingLock, through db.serialize) from this check to the recorded generation.
 */
export async function checkVideoSpending(sources: ModelLedgerSources, userId: string, estimateUsd: number, now = Date.now()): Promise<void> {
  const perRequest = serverEnv().VIDEO_MAX_COST_PER_REQUEST_USD;
  if (estimateUsd > perRequest + EPSILON) {
    throw new HttpError(
      402,
      `This generation's estimated cost, ${formatUsd(estimateUsd)}, is over your limit of ${formatUsd(perRequest)} per generation. Choose fewer models, a shorter duration or a lower resolution.`,
      { metadata: { limit: "per_request", setting: "VIDEO_MAX_COST_PER_REQUEST_USD", limit_usd: perRequest, estimated_cost_usd: estimateUsd } },
    );
  }
  await checkDailyModelSpending(sources, userId, estimateUsd, { subject: "This generation's", cheaper: "choose a cheaper generation" }, now);
}
