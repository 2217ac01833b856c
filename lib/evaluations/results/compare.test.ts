import { describe, expect, it } from "vitest";
import { compareRuns, type CompareRun } from "./compare";
import { ItemGrid } from "./stored-item";
import { answered, question } from "./test-items";

const versions = [{ version_index: 0, id: "@preset/web-research@2", label: "web-research v2", preset: { slug: "web-research", version: 2 } }];
const questions = [question("q1"), question("q2")];

function run(id: string, created: string, repeats: number, checks: (q: number) => Array<[string, boolean]>, extra: Partial<CompareRun> = {}): CompareRun {
  const items = [];
  for (let q = 0; q < 2; q++) for (let r = 0; r < repeats; r++) items.push(answered({ v: 0, q, r }, "a", { checks: checks(q), cost: 0.01 }));
  return { run_id: id, name: `run ${id}`, scoring: 1, set_version: 1, status: "finished", created_at: created, repeats, judge_model: null, versions, grid: new ItemGrid(1, 2, items), questions, ...extra };
}

describe("compare runs on like terms", () => {
  // Run A: min-citations fails on both questions; contains passes. Run B, re-scored with other checks: only contains,
  // plus a new check. Compared on everything, "28 flipped failed → passed" would be the checks' doing.
  const a = run("a", "2026-01-01T00:00:00Z", 1, () => [["contains:x", true], ["min-citations:2", false], ["citation-support", true]]);
  const b = run("b", "2026-01-02T00:00:00Z", 2, (q) => [["contains:x", q === 0], ["judge:good", true], ["citation-support", true]], { judge_model: "gatehouse/judge" });
  const result = compareRuns("set", [b, a]);

  it("uses only the checks both runs have, and names the ones it left out", () => {
    expect(result.shared_checks).toEqual(["citation-support", "contains:x"]);
    expect(result.left_out).toEqual([
      { run_id: "a", checks: ["min-citations:2"] },
      { run_id: "b", checks: ["judge:good"] },
    ]);
    // On contains (and citation-support, passed everywhere): run A passes both, run B fails question 2 — one flip, named as the table names the version.
    expect(result.runs.map((r) => r.versions[0].aggregate.pass_rate)).toEqual([1, 0.5]);
    expect(result.flips).toEqual([{ from_run: "a", to_run: "b", version_id: "@preset/web-research@2", version_label: "web-research v2", question_index: 1, question: "q2", from: "passed", to: "failed" }]);
  });

  it("says what else differs, and gives cost per answer (2 repeats do not read as twice the cost)", () => {
    expect(result.differences).toEqual([expect.stringMatching(/^Repeats: 1 in “run a”, 2 in “run b”/), "Judge: the default judge in “run a”, gatehouse/judge in “run b”."]);
    expect(result.runs.map((r) => r.versions[0].aggregate.cost_usd)).toEqual([0.02, 0.04]);
    expect(result.runs.map((r) => r.versions[0].cost_per_answer_usd)).toEqual([0.01, 0.01]);
    expect(result.runs.map((r) => r.name)).toEqual(["run a", "run b"]);
  });

  it("runs with the same checks and plan have nothing left out and no differences", () => {
    const same = compareRuns("set", [run("a", "2026-01-01T00:00:00Z", 1, () => [["contains:x", true]]), run("b", "2026-01-02T00:00:00Z", 1, () => [["contains:x", true]])]);
    expect(same.left_out).toEqual([]);
    expect(same.differences).toEqual([]);
    expect(same.flips_total).toBe(0);
  });
});
