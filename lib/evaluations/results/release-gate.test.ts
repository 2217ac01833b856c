import { describe, expect, it } from "vitest";
import type { ReleaseGate } from "@/lib/contract/bff/release-gates";
import { evaluateGate, type GateRun } from "./release-gate";
import { ItemGrid, type StoredItem } from "./stored-item";
import { answered } from "./test-items";

const SET = "11111111-1111-4111-8111-111111111111";
const version = (index: number, n: number) => ({ version_index: index, id: `@preset/web@${n}`, label: `web v${n}`, preset: { slug: "web", version: n } });

/** Version 0 = web v1 (designated), version 1 = web v2; 10 questions; pass(v, q) decides contains:x; min-length:1 always passes. */
function gateRun(pass: (v: number, q: number) => boolean, extra: Partial<GateRun> = {}, options: { cost?: number; latency?: number } = {}): GateRun {
  const items: StoredItem[] = [];
  for (let v = 0; v < 2; v++)
    for (let q = 0; q < 10; q++) items.push(answered({ v, q }, "answer", { checks: [["contains:x", pass(v, q)], ["min-length:1", true]], cost: options.cost ?? 0.002, latency: options.latency ?? 800 }));
  return { run_id: "run-1", name: "web v1 vs v2 · Capitals", status: "finished", set_id: SET, versions: [version(0, 1), version(1, 2)], grid: new ItemGrid(2, 10, items), ...extra };
}

const gate: ReleaseGate = { set_id: SET, checks: ["contains:x"], min_pass_rate: 0.8, max_regressions: 1, max_cost_per_answer_usd: 0.01, max_latency_p95_ms: 2000 };

describe("release gate", () => {
  it("a version that meets every threshold passes", () => {
    // v2 passes 9 of 10; v1 passed 8 — the one it lost (question 9) is one regression, allowed.
    const evaluation = evaluateGate(gate, gateRun((v, q) => (v === 0 ? q < 8 || q === 9 : q < 9)), "web", 2, [1]);
    expect(evaluation).toMatchObject({ met: true, unmet: [], figures: { pass_rate: 0.9, regressions: 1, cost_per_answer_usd: expect.closeTo(0.002, 12), latency_p95_ms: 800 } });
  });

  it("names each unmet threshold with its figure", () => {
    const evaluation = evaluateGate(gate, gateRun((v, q) => (v === 0 ? true : q < 5), {}, { cost: 0.05, latency: 3000 }), "web", 2, [1]);
    expect(evaluation.met).toBe(false);
    expect(evaluation.unmet.map((u) => u.threshold)).toEqual(["pass_rate", "cost_per_answer", "latency_p95", "regressions"]);
    expect(evaluation.unmet.map((u) => u.message)).toEqual([
      "pass rate 50%, needs at least 80%",
      "cost per answer $0.0500, at most $0.0100",
      "p95 latency 3000 ms, at most 2000 ms",
      "5 questions regressed against the designated version, at most 1",
    ]);
  });

  it("reads the gate's checks only: a failing check outside the gate does not count", () => {
    const strict = evaluateGate({ ...gate, checks: ["min-length:1"] }, gateRun((v) => v === 0), "web", 2, [1]);
    expect(strict).toMatchObject({ met: true, figures: { pass_rate: 1, regressions: 0 } });
  });

  it("refuses a run that is not finished, of another set, without the version, or that did not score a gate check", () => {
    const passing = () => true;
    expect(evaluateGate(gate, gateRun(passing, { status: "cancelled" }), "web", 2, [1]).unmet[0]).toEqual({ threshold: "finished", message: "the run is cancelled, not finished" });
    expect(evaluateGate(gate, gateRun(passing, { set_id: "other" }), "web", 2, [1]).unmet.map((u) => u.threshold)).toEqual(["question_set"]);
    expect(evaluateGate(gate, gateRun(passing), "web", 7, [1]).unmet).toEqual([{ threshold: "version", message: "the run did not try web v7" }]);
    expect(evaluateGate({ ...gate, checks: ["judge:good?"] }, gateRun(passing), "web", 2, [1]).unmet).toEqual([{ threshold: "checks", message: "the run did not score judge:good?" }]);
  });

  it("regressions need the designated version in the run; none designated yet, or the designated one itself, has none to count", () => {
    const passing = () => true;
    expect(evaluateGate(gate, gateRun(passing), "web", 2, [5]).unmet).toEqual([{ threshold: "regressions", message: "the run did not include the designated version (v5) to count regressions against" }]);
    // The designated v5 was saved from v1 (its source): v1 in the run stands for it.
    expect(evaluateGate(gate, gateRun(passing), "web", 2, [5, 1]).met).toBe(true);
    expect(evaluateGate(gate, gateRun(passing), "web", 2, []).met).toBe(true);
  });

  it("an unknown figure never meets a threshold", () => {
    const evaluation = evaluateGate({ set_id: SET, checks: ["contains:x"], min_citation_precision: 0.5 }, gateRun(() => true), "web", 2, []);
    expect(evaluation.unmet).toEqual([{ threshold: "citation_precision", message: "citation precision unknown (no citation-support check scored), needs at least 50%" }]);
  });
});
