import { formatUsd } from "@/lib/video-models/money";

/**
 * The run page's figures from a run's counts (GET /api/evaluations/runs/{id}): what share of each version is done,
 * failed or pending, the time spent and the time left. Pure and O(versions): the page renders counts, never
 * items, so an update costs the same with 20 items as with 20,000.
 */

export interface RunCounts {
  done: number;
  failed: number;
  pending: number;
  running: number;
  cancelled: number;
  total: number;
}

export interface RunProgressInput {
  status: "running" | "cancelled" | "finished" | "stopped";
  created_at: string;
  ended_at: string | null;
  cap_usd: number;
  /** The estimate the run started with (low to high); absent or null for runs started before it was kept. */
  estimate?: { low_usd: number; high_usd: number } | null;
  progress: {
    totals: RunCounts & { spent_usd: number; unknown_usd?: number; in_flight_usd?: number };
    eta_seconds: number | null;
    cost_split?: { tokens_usd: number; web_search_usd: number; judge_usd: number; total_usd: number } | null;
  };
}

export interface Shares {
  /** Percentages of the total, 0–100, summing to at most 100. */
  done: number;
  failed: number;
  running: number;
  cancelled: number;
}

export function shares(counts: RunCounts): Shares {
  if (counts.total <= 0) return { done: 0, failed: 0, running: 0, cancelled: 0 };
  const percent = (count: number) => (count / counts.total) * 100;
  return { done: percent(counts.done), failed: percent(counts.failed), running: percent(counts.running), cancelled: percent(counts.cancelled) };
}

export interface RunClockInput {
  status: RunProgressInput["status"];
  created_at: string;
  ended_at: string | null;
  eta_seconds: number | null;
}

/**
 * The run's time spent and time left at `now` (left: null before any item ended, there being no pace yet, and
 * once the run is over). `fetchedAt` is when the server computed `eta_seconds`: the time
 * left counts down between polls instead of standing still, and never below zero.
 */
export function runClock(run: RunClockInput, now: number, fetchedAt: number): { elapsedSeconds: number; leftSeconds: number | null } {
  const started = Date.parse(run.created_at);
  const end = run.status === "running" || run.ended_at === null ? now : Date.parse(run.ended_at);
  const leftSeconds = run.status !== "running" || run.eta_seconds === null ? null : Math.max(0, Math.round(run.eta_seconds - Math.max(0, now - fetchedAt) / 1000));
  return { elapsedSeconds: Math.max(0, Math.round((end - started) / 1000)), leftSeconds };
}

/** "45 s", "3 min 05 s", "2 h 07 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, "0")} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

const STATUS_WORDS: Record<RunProgressInput["status"], string> = {
  running: "Running",
  finished: "Finished",
  cancelled: "Cancelled",
  stopped: "Stopped",
};

export function statusLabel(status: RunProgressInput["status"], stopReason?: string | null): string {
  if (status === "stopped" && stopReason === "cap") return "Stopped at its spending cap";
  if (status === "stopped" && stopReason === "budget") return "Stopped: your spending budget is used up";
  if (status === "stopped" && stopReason === "over_reserve") return "Stopped: a call cost more than its reserve";
  return stopReason && status === "stopped" ? `Stopped (${stopReason})` : STATUS_WORDS[status];
}

/**
 * What an ended run left undone and why, in words for its page: "Stopped at the cap: 14 of 60 items not run." Null
 * while it runs, and when every item ran.
 */
export function notRunSummary(run: { status: RunProgressInput["status"]; stop_reason?: string | null; progress: { totals: RunCounts } }): string | null {
  if (run.status === "running" || run.status === "finished") return null;
  const { totals } = run.progress;
  const notRun = totals.cancelled + totals.pending;
  if (notRun === 0) return null;
  const count = `${notRun} of ${totals.total} item${totals.total === 1 ? "" : "s"} not run`;
  if (run.status === "cancelled") return `Cancelled: ${count}.`;
  if (run.stop_reason === "cap") return `Stopped at the cap: ${count}.`;
  if (run.stop_reason === "budget") return `Stopped at your spending budget: ${count}.`;
  if (run.stop_reason === "over_reserve") return `Stopped because a call cost more than its reserve: ${count}.`;
  return `Stopped: ${count}.`;
}

/** "$0.12–$0.48": a range of USD figures (an en dash between, as the estimate is shown everywhere). */
export function formatUsdRange(lowUsd: number, highUsd: number, format: (usd: number) => string): string {
  return `${format(lowUsd)}–${format(highUsd)}`;
}

/**
 * What a run whose cap is below its estimate's high end will do, in words for the form and the start dialog: it
 * starts, runs what fits and stops at the cap. `fits_items` answers fit at their upper bounds; more fit when answers
 * cost less than those (the cap is checked at each item's claim).
 */
export function fitsText(estimate: { items: number; fits_items: number; low_usd: number }, capUsd: number): string {
  const all = estimate.fits_items >= estimate.items;
  if (all) return `The cap of ${formatUsd(capUsd)} is below the high end: the run stops at the cap if answers cost that much.`;
  const least = estimate.fits_items === 0 ? "" : ` (at least ${estimate.fits_items} of the ${estimate.items} answers)`;
  return `The cap of ${formatUsd(capUsd)} is below the estimate: the run will run what fits${least} and stop at the cap, saying how many items it left.`;
}
