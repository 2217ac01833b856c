import type { EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";
import type { GateEvaluation, GateUnmet, ReleaseGate } from "@/lib/contract/bff/release-gates";
import { aggregateVersion } from "../aggregate";
import { checkKeysOf, restrictChecks } from "./compare";
import { cellVerdict } from "./question-rows";
import { toScored, type ItemGrid } from "./stored-item";

/** One finished (or not) run as the gate reads it. */
export interface GateRun {
  run_id: string;
  name: string;
  status: string;
  set_id: string;
  versions: readonly EvaluationResultVersion[];
  grid: ItemGrid;
}

/** "kind\0arg" of a check spelling ("min-length:5", "citation-support"): everything after the first ':' is the argument. */
function gateCheckKey(spelling: string): string {
  const colon = spelling.indexOf(":");
  return colon < 0 ? `${spelling}\u0000` : `${spelling.slice(0, colon)}\u0000${spelling.slice(colon + 1)}`;
}

const pct = (value: number) => `${Math.round(value * 1000) / 10}%`;

/**
 * Whether `version` of the preset, as `run` answered, meets the gate: the run finished, is of the gate's set and
 * scored every gate check; the thresholds then read the gate's checks only. Regressions count the questions the
 * designated version (any of `baseline`, the designated number and the version its settings came from) passes and
 * the candidate does not, in the same run. Every unmet threshold is named with its figure.
 */
export function evaluateGate(gate: ReleaseGate, run: GateRun, slug: string, version: number, baseline: readonly number[]): GateEvaluation {
  const unmet: GateUnmet[] = [];
  const figures: GateEvaluation["figures"] = { pass_rate: null, citation_precision: null, regressions: null, cost_per_answer_usd: null, latency_p95_ms: null };
  const result = () => ({ run_id: run.run_id, run_name: run.name, version, met: unmet.length === 0, unmet, figures });
  if (run.status !== "finished") unmet.push({ threshold: "finished", message: `the run is ${run.status}, not finished` });
  if (run.set_id !== gate.set_id) unmet.push({ threshold: "question_set", message: "the run is of another question set than the gate's" });
  const candidate = run.versions.find((v) => v.preset?.slug === slug && v.preset.version === version);
  if (!candidate) {
    unmet.push({ threshold: "version", message: `the run did not try ${slug} v${version}` });
    return result();
  }
  const keys = new Set(gate.checks.map(gateCheckKey));
  const scored = checkKeysOf(run.grid);
  const missing = gate.checks.filter((spelling) => !scored.has(gateCheckKey(spelling)));
  if (missing.length > 0) {
    unmet.push({ threshold: "checks", message: `the run did not score ${missing.join(", ")}` });
    return result();
  }
  const grid = restrictChecks(run.grid, keys);
  const aggregate = aggregateVersion(grid.ofVersion(candidate.version_index).map(toScored));
  figures.pass_rate = aggregate.pass_rate;
  figures.citation_precision = aggregate.citation_precision_mean;
  figures.cost_per_answer_usd = aggregate.items === 0 ? null : aggregate.cost_usd / aggregate.items;
  figures.latency_p95_ms = aggregate.latency_ms_p95;
  if (gate.min_pass_rate !== undefined && (figures.pass_rate ?? 0) < gate.min_pass_rate)
    unmet.push({ threshold: "pass_rate", message: `pass rate ${figures.pass_rate === null ? "unknown" : pct(figures.pass_rate)}, needs at least ${pct(gate.min_pass_rate)}` });
  if (gate.min_citation_precision !== undefined && (figures.citation_precision ?? 0) < gate.min_citation_precision)
    unmet.push({ threshold: "citation_precision", message: `citation precision ${figures.citation_precision === null ? "unknown (no citation-support check scored)" : pct(figures.citation_precision)}, needs at least ${pct(gate.min_citation_precision)}` });
  if (gate.max_cost_per_answer_usd !== undefined && (figures.cost_per_answer_usd === null || figures.cost_per_answer_usd > gate.max_cost_per_answer_usd))
    unmet.push({ threshold: "cost_per_answer", message: `cost per answer $${(figures.cost_per_answer_usd ?? 0).toFixed(4)}, at most $${gate.max_cost_per_answer_usd.toFixed(4)}` });
  if (gate.max_latency_p95_ms !== undefined && (figures.latency_p95_ms === null || figures.latency_p95_ms > gate.max_latency_p95_ms))
    unmet.push({ threshold: "latency_p95", message: `p95 latency ${figures.latency_p95_ms === null ? "unknown" : `${Math.round(figures.latency_p95_ms)} ms`}, at most ${gate.max_latency_p95_ms} ms` });
  if (gate.max_regressions !== undefined && baseline.length > 0 && !baseline.includes(version)) {
    const designated = run.versions.find((v) => v.preset?.slug === slug && baseline.includes(v.preset.version));
    if (!designated) {
      unmet.push({ threshold: "regressions", message: `the run did not include the designated version (v${baseline[0]}) to count regressions against` });
    } else {
      let regressions = 0;
      for (let q = 0; q < grid.questions; q++) {
        const before = cellVerdict(grid, designated.version_index, q);
        const after = cellVerdict(grid, candidate.version_index, q);
        if (before === "passed" && after !== "passed" && after !== "pending") regressions += 1;
      }
      figures.regressions = regressions;
      if (regressions > gate.max_regressions) unmet.push({ threshold: "regressions", message: `${regressions} questions regressed against the designated version, at most ${gate.max_regressions}` });
    }
  }
  return result();
}
