/**
 * The run page's figures from a run's counts (GET /api/eval/runs/{id}): what share of each version is done,
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
  progress: {
    totals: RunCounts & { spent_usd: number };
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
