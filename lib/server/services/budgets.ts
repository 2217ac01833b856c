import "server-only";
import type { Budget, UpdateBudgetRequest } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { HttpError } from "../http/errors";

/**
 * A person's budget as the header menu and the users page show it: their limits per UTC day and calendar month
 * (an admin's, else the settings'), what the ledger counts in each, and when each resets.
 */
export async function readBudget(userId: string, now = Date.now()): Promise<Budget> {
  const { db, ledger } = await appContext();
  const figures = await ledger.budget(userId, now);
  const own = await db.kysely.selectFrom("user_budgets").select(["day_usd", "month_usd"]).where("user_id", "=", userId).executeTakeFirst();
  const window = (figures: { limitUsd: number; spentUsd: number; resetsAt: number }, set: number | null | undefined) => ({
    limit_usd: figures.limitUsd,
    spent_usd: figures.spentUsd,
    resets_at: new Date(figures.resetsAt).toISOString(),
    is_default: set === null || set === undefined,
  });
  return { day: window(figures.day, own?.day_usd), month: window(figures.month, own?.month_usd) };
}

/** An admin sets a person's limits (404 for an unknown person). */
export async function updateBudget(userId: string, body: UpdateBudgetRequest): Promise<Budget> {
  const { users, ledger } = await appContext();
  if (!(await users.findById(userId))) throw new HttpError(404, `No user ${userId}`);
  await ledger.setLimits(userId, { dayUsd: body.day_usd, monthUsd: body.month_usd });
  return readBudget(userId);
}
