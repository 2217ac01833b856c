import "server-only";
import { sql } from "kysely";
import { ActivityResponseSchema } from "@/lib/contract/gateway";
import type { UsageFilter, UsageReconciliation } from "@/lib/contract/bff/usage";
import { DAY_MS, rangeBounds } from "@/lib/usage/days";
import { appContext } from "../config/app-context";
import { serverEnv } from "../config/env";
import { upstreamJson } from "../upstream/upstream";

/** The gateway's spending per UTC day and model (management key): the only module that spells the path. */
const ACTIVITY_PATH = "/activity";
/** The gateway keeps activity for the last 30 completed UTC days. */
const ACTIVITY_DAYS = 30;

/**
 * The ledger's total for the range's UTC days (everyone's: the gateway's figure is the whole key's) beside the
 * gateway's /activity usage for the same days. Days outside the gateway's 30 are left out of both, so the gap
 * compares like with like; without a management key, or when the gateway cannot be asked, only the ledger shows.
 */
export async function readReconciliation(filter: Pick<UsageFilter, "from" | "to">, now = Date.now()): Promise<UsageReconciliation> {
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const oldest = todayStart - ACTIVITY_DAYS * DAY_MS;
  const wanted = rangeBounds(filter.from, filter.to, "UTC");
  const start = Math.max(wanted.start, oldest);
  // Today is not complete, so the gateway has no figure for it yet.
  const end = Math.min(wanted.end, todayStart);
  const from = new Date(start).toISOString().slice(0, 10);
  const to = new Date(end - DAY_MS).toISOString().slice(0, 10);
  const { db } = await appContext();
  const ledger =
    start < end
      ? await db.kysely.selectFrom("ledger_team_daily").select(sql<number>`SUM(counted_usd)`.as("usd")).where("day_ms", ">=", start).where("day_ms", "<", end).executeTakeFirst()
      : undefined;
  const ledgerUsd = Number(ledger?.usd ?? 0);
  const result = (gatewayUsd: number | null, note: string | null): UsageReconciliation => ({
    from,
    to,
    ledger_usd: ledgerUsd,
    gateway_usd: gatewayUsd,
    gap_usd: gatewayUsd === null ? null : gatewayUsd - ledgerUsd,
    gateway_note: note,
  });
  if (start >= end) return result(null, "The gateway reports only the last 30 completed UTC days; none of them is in this range.");
  if (!serverEnv().GATEWAY_MANAGEMENT_KEY) return result(null, "The gateway's activity needs a management key (GATEWAY_MANAGEMENT_KEY).");
  try {
    const { data } = await upstreamJson({ method: "GET", path: ACTIVITY_PATH, key: "management" }, ActivityResponseSchema);
    const gatewayUsd = data.data.filter((item) => item.date.slice(0, 10) >= from && item.date.slice(0, 10) <= to).reduce((sum, item) => sum + item.usage, 0);
    return result(gatewayUsd, null);
  } catch {
    return result(null, "The gateway's activity could not be read.");
  }
}
