import "server-only";
import type { Ledger } from "../ledger/ledger";

/**
 * The lock key a feature holds while it decides and records one spending of a person's that must not happen twice
 * (a video generation's idempotent submission, a re-score's start). The ledger's own per-person lock
 * (ledgerLock) is taken inside it, last.
 */
export function modelSpendingLock(userId: string): string {
  return `model-spending:${userId}`;
}

/**
 * Refuses spending `estimateUsd` more when, with what the person's calls count today and this month on the ledger
 * (reserves in flight included), it would pass their budget: 429 with Retry-After when a window's reset would let
 * it through, else 402 (SpendRefusal). Reserves nothing: the calls reserve as they are made. `subject` names the
 * amount in the message: "This generation's estimated cost", "This run's cap".
 */
export async function checkModelBudget(ledger: Pick<Ledger, "check">, userId: string, estimateUsd: number, subject: string, now = Date.now()): Promise<void> {
  await ledger.check(userId, estimateUsd, subject, now);
}
