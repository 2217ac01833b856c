import type { EvaluationRunsStore } from "../db/evaluation-runs-store";

/** "12/60 answered, $0.0123 spent": one progress line (stderr; stdout keeps the reports). */
export function progressLine(ended: number, total: number, spentUsd: number): string {
  return `${ended}/${total} answered, $${spentUsd.toFixed(4)} spent`;
}

/**
 * Prints a progress line at most every `everyMs` while a run goes on, when something changed: the answers ended
 * (done or failed) and the run's spending as its ledger-backed row says (the figure the dashboard shows).
 */
export function watchProgress(store: EvaluationRunsStore, runId: string, total: number, everyMs: number, print: (line: string) => void): { stop(): Promise<void> } {
  let last = "";
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();
  const look = async () => {
    const [progress, run] = await Promise.all([store.progress(runId), store.get(runId)]);
    const ended = progress.filter((row) => row.status === "done" || row.status === "failed").reduce((sum, row) => sum + row.count, 0);
    const line = progressLine(ended, total, Number(run?.spent_usd ?? 0));
    if (line !== last) print(line);
    last = line;
  };
  const timer = setInterval(() => {
    if (stopped) return;
    // One look at a time: a slow database is not asked again before it answered.
    pending = pending.then(look).catch(() => {});
  }, everyMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pending;
      // The last line, so the log ends with what the run got.
      await look().catch(() => {});
    },
  };
}
