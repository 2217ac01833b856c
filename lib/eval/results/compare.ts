import type { EvalCompare, EvalResultVersion, EvalVerdict } from "@/lib/contract/bff/evaluation-results";
import { cellVerdict } from "./question-rows";
import type { ItemGrid, ResultQuestion } from "./stored-item";
import { versionSummaries } from "./summary";

/** One run as the comparison reads it. */
export interface CompareRun {
  run_id: string;
  set_version: number;
  status: string;
  created_at: string;
  versions: EvalResultVersion[];
  grid: ItemGrid;
  questions: readonly ResultQuestion[];
}

/** Flips listed; the total counts them all. */
const COMPARE_FLIPS_MAX = 500;

/** A verdict that moved between a decided outcome and another (a pending cell is no flip: nothing was decided). */
function isFlip(from: EvalVerdict, to: EvalVerdict): boolean {
  return from !== to && from !== "pending" && to !== "pending";
}

/**
 * Runs of one question set side by side, oldest first: each run's per-version figures, and the questions whose
 * verdict changed from one run to the next for a version both ran (matched by version id, questions by index).
 */
export function compareRuns(setId: string, runs: readonly CompareRun[]): EvalCompare {
  const ordered = [...runs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.run_id.localeCompare(b.run_id));
  const flips: EvalCompare["flips"] = [];
  let total = 0;
  for (let i = 1; i < ordered.length; i++) {
    const from = ordered[i - 1];
    const to = ordered[i];
    for (const version of to.versions) {
      const before = from.versions.find((candidate) => candidate.id === version.id);
      if (!before) continue;
      const questions = Math.min(from.questions.length, to.questions.length);
      for (let q = 0; q < questions; q++) {
        const a = cellVerdict(from.grid, before.version_index, q);
        const b = cellVerdict(to.grid, version.version_index, q);
        if (!isFlip(a, b)) continue;
        total += 1;
        if (flips.length < COMPARE_FLIPS_MAX) flips.push({ from_run: from.run_id, to_run: to.run_id, version_id: version.id, question_index: q, question: to.questions[q].question, from: a, to: b });
      }
    }
  }
  return {
    set_id: setId,
    runs: ordered.map((run) => ({ run_id: run.run_id, set_version: run.set_version, status: run.status, created_at: run.created_at, versions: versionSummaries(run.grid, run.versions) })),
    flips,
    flips_total: total,
  };
}
