import { formatWait } from "@/lib/format/time";
import { formatUsd } from "@/lib/video-models/money";
import { HttpError } from "../http/errors";
import { nextDayStart, nextMonthStart } from "./windows";

/** A budget window's figures: what its limit is, what is counted in it (reserves in flight included), when it resets. */
export interface WindowFigures {
  limitUsd: number;
  spentUsd: number;
  /** Epoch ms: the next window starts (UTC midnight, the first of next month). */
  resetsAt: number;
}

export interface BudgetFigures {
  day: WindowFigures;
  month: WindowFigures;
}

/** Float noise (0.1 × 3) must not refuse spending that is exactly at a limit. */
export const EPSILON = 1e-9;

/**
 * A budget refused a reserve: 429 with Retry-After when waiting for a window to reset would let it through
 * (the amount fits a fresh window), else 402. The contract's error shape; metadata says which limit, what was
 * spent, the limit, and when it resets.
 */
export class SpendRefusal extends HttpError {
  constructor(
    readonly window: "per_day" | "per_month",
    readonly figures: WindowFigures,
    readonly amountUsd: number,
    options: { retryAfterSeconds: number | null; setting: string; subject: string },
  ) {
    const span = window === "per_day" ? "today (UTC)" : "this month (UTC)";
    const per = window === "per_day" ? "a day" : "a month";
    const base = `${options.subject}, ${formatUsd(amountUsd)}, with the ${formatUsd(figures.spentUsd)} spent ${span} is over your limit of ${formatUsd(figures.limitUsd)} ${per}.`;
    const wait = options.retryAfterSeconds;
    const metadata = {
      limit: window,
      setting: options.setting,
      limit_usd: figures.limitUsd,
      spent_usd: figures.spentUsd,
      estimated_cost_usd: amountUsd,
      resets_at: new Date(figures.resetsAt).toISOString(),
      ...(wait === null ? {} : { retry_after: wait }),
    };
    super(wait === null ? 402 : 429, wait === null ? `${base} Ask an admin for a larger budget.` : `${base} It resets in ${formatWait(wait)}.`, {
      metadata,
      ...(wait === null ? {} : { headers: { "Retry-After": String(wait) } }),
    });
    this.name = "SpendRefusal";
  }
}

/**
 * Why `amountUsd` more does not fit the budget at `now`, or null when it does. The day is checked first; a refusal
 * waits for the day's reset only when the month would then take the amount, and for the month's only when a day
 * would.
 */
export function refusalOf(figures: BudgetFigures, amountUsd: number, now: number, subject: string, settings: { day: string; month: string }): SpendRefusal | null {
  const { day, month } = figures;
  const dayOver = day.spentUsd + amountUsd > day.limitUsd + EPSILON;
  const monthOver = month.spentUsd + amountUsd > month.limitUsd + EPSILON;
  if (!dayOver && !monthOver) return null;
  const seconds = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
  const fitsADay = amountUsd <= day.limitUsd + EPSILON;
  const fitsAMonth = amountUsd <= month.limitUsd + EPSILON;
  if (dayOver) {
    // Tomorrow is a new month too when the day's reset is the month's.
    const monthTomorrow = nextDayStart(now) >= nextMonthStart(now) ? 0 : month.spentUsd;
    const waitHelps = fitsADay && monthTomorrow + amountUsd <= month.limitUsd + EPSILON;
    return new SpendRefusal("per_day", day, amountUsd, { retryAfterSeconds: waitHelps ? seconds(day.resetsAt) : null, setting: settings.day, subject });
  }
  return new SpendRefusal("per_month", month, amountUsd, { retryAfterSeconds: fitsADay && fitsAMonth ? seconds(month.resetsAt) : null, setting: settings.month, subject });
}
