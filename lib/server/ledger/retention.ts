import "server-only";
import { loggerFor } from "@/lib/observability/logger";
import type { Ledger } from "./ledger";
import { monthStart } from "./windows";

const log = loggerFor("ledger");
const DAY_MS = 86_400_000;
/** Entries removed per transaction, and transactions per turn: a turn holds the database briefly, then yields. */
export const RETENTION_BATCH = 2_000;
export const RETENTION_BATCHES_PER_TURN = 5;
/** How often a turn runs; a backlog (the first run after lowering the setting) drains over several turns. */
const TURN_MS = 10 * 60_000;
const FIRST_TURN_MS = 60_000;

/**
 * The instant before which entries go: `days` ago, but never inside the current UTC month, whose entries the
 * month budget reads (a retention shorter than a month must not give a person their month's budget back).
 */
export function retentionCutoff(days: number, now = Date.now()): number {
  return Math.min(now - days * DAY_MS, monthStart(now));
}

/** One bounded turn: at most RETENTION_BATCHES_PER_TURN transactions of RETENTION_BATCH entries. Returns how many went. */
export async function pruneLedgerTurn(ledger: Ledger, days: number, now = Date.now()): Promise<number> {
  const cutoff = retentionCutoff(days, now);
  let removed = 0;
  for (let batch = 0; batch < RETENTION_BATCHES_PER_TURN; batch++) {
    const count = await ledger.prune(cutoff, RETENTION_BATCH);
    removed += count;
    if (count < RETENTION_BATCH) break;
  }
  return removed;
}

/**
 * LEDGER_RETENTION_DAYS: removes older ledger entries on a timer in the server, off the request path (unset: keep
 * forever). Every instance may run it: each removal names the rows it took (Ledger.prune).
 */
export function startLedgerRetention(ledger: Ledger, days: number | undefined): void {
  if (days === undefined) return;
  let running = false;
  const turn = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await pruneLedgerTurn(ledger, days);
      if (removed > 0) log.info({ removed, retention_days: days }, "removed ledger entries past the retention");
    } catch (error) {
      log.error({ err: error }, "ledger retention turn failed; the next turn tries again");
    } finally {
      running = false;
    }
  };
  setTimeout(() => void turn(), FIRST_TURN_MS).unref();
  setInterval(() => void turn(), TURN_MS).unref();
}
