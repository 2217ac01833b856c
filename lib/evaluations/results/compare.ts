import type { EvaluationCompare, EvaluationResultVersion, EvaluationVerdict } from "@/lib/contract/bff/evaluation-results";
import { cellVerdict } from "./question-rows";
import { ItemGrid, type ResultQuestion, type StoredItem } from "./stored-item";
import { finish, mapInSteps, type Steps } from "./steps";
import { versionSummarySteps, type versionSummaries } from "./summary";

/** One run as the comparison reads it. */
export interface CompareRun {
  run_id: string;
  /** The run's name (stored or its default: versions and set). */
  name: string;
  /** Whose verdicts: 1, the run's own; n, its re-score n. */
  scoring: number;
  set_version: number;
  status: string;
  created_at: string;
  repeats: number;
  /** The judge model the run's judged checks used (null: the run's default or no judged check). */
  judge_model: string | null;
  versions: EvaluationResultVersion[];
  grid: ItemGrid;
  questions: readonly ResultQuestion[];
}

/** Flips listed; the total counts them all. */
const COMPARE_FLIPS_MAX = 500;

/** A verdict that moved between a decided outcome and another (a pending cell is no flip: nothing was decided). */
function isFlip(from: EvaluationVerdict, to: EvaluationVerdict): boolean {
  return from !== to && from !== "pending" && to !== "pending";
}

const checkKey = (check: { kind: string; arg: string }) => `${check.kind}\u0000${check.arg}`;
const spelling = (key: string) => {
  const [kind, arg] = key.split("\u0000");
  return arg ? `${kind}:${arg}` : kind;
};

function cellsOf(grid: ItemGrid): StoredItem[] {
  const items: StoredItem[] = [];
  for (let v = 0; v < grid.versions; v++) for (let q = 0; q < grid.questions; q++) items.push(...grid.all(v, q));
  return items;
}

/** Items between two pauses of the steps (steps.ts). */
const ITEMS_PER_STEP = 1_000;

/** The checks a run's stored answers carry (after a re-score, the new ones), as "kind\0arg" keys. */
export function checkKeysOf(grid: ItemGrid): Set<string> {
  return finish(checkKeySteps(grid));
}

function* checkKeySteps(grid: ItemGrid): Steps<Set<string>> {
  const keys = new Set<string>();
  const items = cellsOf(grid);
  for (let index = 0; index < items.length; index++) {
    for (const check of items[index].checks ?? []) keys.add(checkKey(check));
    if (index % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
  }
  return keys;
}

/** The run's items with only the `shared` checks kept, so a verdict means the same thing on both sides. */
export function restrictChecks(grid: ItemGrid, shared: ReadonlySet<string>): ItemGrid {
  return finish(restrictCheckSteps(grid, shared));
}

function* restrictCheckSteps(grid: ItemGrid, shared: ReadonlySet<string>): Steps<ItemGrid> {
  const items = yield* mapInSteps(cellsOf(grid), (item) => (item.checks ? { ...item, checks: item.checks.filter((check) => shared.has(checkKey(check))) } : item), ITEMS_PER_STEP);
  yield;
  return new ItemGrid(grid.versions, grid.questions, items);
}

/** What differs between each run and the oldest one, in words ("repeats: 1 in run A, 2 in run B"). */
const JUDGED = new Set(["judge", "citation-support"]);

function differencesOf(ordered: readonly CompareRun[], shared: ReadonlySet<string>): string[] {
  // The judge only matters when a check it answers is compared.
  const judged = [...shared].some((key) => JUDGED.has(key.split("\u0000")[0]));
  const first = ordered[0];
  const out: string[] = [];
  for (const run of ordered.slice(1)) {
    const pair = `“${first.name}” and “${run.name}”`;
    if (run.questions.length !== first.questions.length) out.push(`Questions: ${first.questions.length} in “${first.name}”, ${run.questions.length} in “${run.name}”; only the first ${Math.min(first.questions.length, run.questions.length)} are matched.`);
    else if (run.set_version !== first.set_version) out.push(`Question set versions differ between ${pair} (v${first.set_version} and v${run.set_version}): questions are matched by position.`);
    if (run.repeats !== first.repeats) out.push(`Repeats: ${first.repeats} in “${first.name}”, ${run.repeats} in “${run.name}”: a question passes only when every repeat passed, so more repeats make passing harder.`);
    if (judged && (run.judge_model ?? "") !== (first.judge_model ?? "")) out.push(`Judge: ${first.judge_model ?? "the default judge"} in “${first.name}”, ${run.judge_model ?? "the default judge"} in “${run.name}”.`);
  }
  return out;
}

/**
 * Runs of one question set side by side, oldest first, on like terms: verdicts and pass rates use only the checks
 * every run has (the others are named as left out), what else differs is said, cost is per answer. Flips: the
 * questions whose verdict changed from one run to the next for a version both ran (matched by version id,
 * questions by index).
 */
export function compareRuns(setId: string, runs: readonly CompareRun[]): EvaluationCompare {
  return finish(compareRunSteps(setId, runs));
}

/** The same in steps (steps.ts): the server gives other requests a turn between them. */
export function* compareRunSteps(setId: string, runs: readonly CompareRun[]): Steps<EvaluationCompare> {
  const ordered = [...runs].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.run_id.localeCompare(b.run_id));
  const checkSets: Set<string>[] = [];
  for (const run of ordered) checkSets.push(yield* checkKeySteps(run.grid));
  const shared = new Set([...(checkSets[0] ?? [])].filter((key) => checkSets.every((keys) => keys.has(key))));
  const grids: ItemGrid[] = [];
  for (const run of ordered) grids.push(yield* restrictCheckSteps(run.grid, shared));
  const flips: EvaluationCompare["flips"] = [];
  let total = 0;
  for (let i = 1; i < ordered.length; i++) {
    const [from, to] = [ordered[i - 1], ordered[i]];
    for (const version of to.versions) {
      const before = from.versions.find((candidate) => candidate.id === version.id);
      if (!before) continue;
      const questions = Math.min(from.questions.length, to.questions.length);
      for (let q = 0; q < questions; q++) {
        if (q % 500 === 499) yield;
        const a = cellVerdict(grids[i - 1], before.version_index, q);
        const b = cellVerdict(grids[i], version.version_index, q);
        if (!isFlip(a, b)) continue;
        total += 1;
        if (flips.length < COMPARE_FLIPS_MAX) flips.push({ from_run: from.run_id, to_run: to.run_id, version_id: version.id, version_label: version.label, question_index: q, question: to.questions[q].question, from: a, to: b });
      }
    }
  }
  const summaries: ReturnType<typeof versionSummaries>[] = [];
  for (let i = 0; i < ordered.length; i++) summaries.push(yield* versionSummarySteps(grids[i], ordered[i].versions));
  return {
    set_id: setId,
    shared_checks: [...shared].map(spelling).sort(),
    left_out: ordered.map((run, i) => ({ run_id: run.run_id, checks: [...checkSets[i]].filter((key) => !shared.has(key)).map(spelling).sort() })).filter((entry) => entry.checks.length > 0),
    differences: differencesOf(ordered, shared),
    runs: ordered.map((run, i) => ({
      run_id: run.run_id,
      name: run.name,
      scoring: run.scoring,
      set_version: run.set_version,
      status: run.status,
      created_at: run.created_at,
      repeats: run.repeats,
      questions: run.questions.length,
      judge_model: run.judge_model,
      versions: summaries[i].map((version) => ({
        ...version,
        cost_per_answer_usd: version.aggregate.items === 0 ? null : version.aggregate.cost_usd / version.aggregate.items,
      })),
    })),
    flips,
    flips_total: total,
  };
}
