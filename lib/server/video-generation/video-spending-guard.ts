import "server-only";
import { formatUsd } from "@/lib/video-models/money";
import { serverEnv } from "../config/env";
import { HttpError } from "../http/errors";
import type { Ledger } from "../ledger/ledger";
import { checkModelBudget } from "../spending/model-spending";

/** Cents of float noise (0.1 × 3) must not refuse a request that is exactly at the limit. */
const EPSILON = 1e-9;

/**
 * Refuses a generation whose estimated cost is over the user's limits, before anything is spent:
 * per generation (402: asking again will not help, a cheaper choice will) and the person's budget on the
 * ledger every feature spends on (lib/server/ledger). Callers hold the user's spending lock (modelSpendingLock,
 * through db.serialize) from this check to the recorded generation, whose jobs reserve their estimates.
 */
export async function checkVideoSpending(ledger: Pick<Ledger, "check">, userId: string, estimateUsd: number, now = Date.now()): Promise<void> {
  const perRequest = serverEnv().VIDEO_MAX_COST_PER_REQUEST_USD;
  if (estimateUsd > perRequest + EPSILON) {
    throw new HttpError(
      402,
      `This generation's estimated cost, ${formatUsd(estimateUsd)}, is over your limit of ${formatUsd(perRequest)} per generation. Choose fewer models, a shorter duration or a lower resolution.`,
      { metadata: { limit: "per_request", setting: "VIDEO_MAX_COST_PER_REQUEST_USD", limit_usd: perRequest, estimated_cost_usd: estimateUsd } },
    );
  }
  await checkModelBudget(ledger, userId, estimateUsd, "This generation's estimated cost", now);
}
