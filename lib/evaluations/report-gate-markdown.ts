import { verdictsText, type BaselineGate } from "./cli-regressions";
import type { GateOutcome, ReportVersion } from "./report-json";
import { inline, mdCell } from "./results/report-markdown";

/*
 * `npm run eval -- --markdown out.md`: a summary a pull request can carry. Regressions against the baseline first,
 * each with its question and both verdicts, then the totals per version. Questions and version names are made inert
 * the way the run's Markdown report does it (`results/report-markdown.ts`): no link, image or HTML survives.
 */

/** Regressions written out in full; the rest are counted (a PR comment has a size limit). */
const REGRESSIONS_LISTED_MAX = 50;

const pct = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)}%`);
const usd = (value: number) => `$${value.toFixed(4)}`;

export interface GateMarkdownInput {
  title: string;
  questions: readonly string[];
  versions: readonly ReportVersion[];
  minPass: GateOutcome;
  baseline: BaselineGate | null;
  /** Set when the run did not end by itself (a cap, an interruption): the figures cover what ran. */
  stopped: string | null;
}

function outcome(input: GateMarkdownInput): string {
  const parts: string[] = [];
  const gate = input.baseline;
  if (gate) {
    const rule = `${gate.rule.k} of ${gate.rule.n} repeat${gate.rule.n === 1 ? "" : "s"}`;
    if (gate.regressions.length > 0) parts.push(`**Failed:** ${gate.regressions.length} question${gate.regressions.length === 1 ? "" : "s"} went from pass to fail against ${mdCell(gate.baseline)} (in at least ${rule}).`);
    else if (gate.undecided.length > 0) parts.push(`**Undecided:** no regression seen, but ${gate.undecided.length} question${gate.undecided.length === 1 ? "" : "s"} had answers that failed with an error.`);
    else parts.push(`**Passed:** no question went from pass to fail against ${mdCell(gate.baseline)} (rule: ${rule}); ${gate.improvements} went from fail to pass.`);
  }
  if (input.minPass.min_pass !== null) {
    parts.push(input.minPass.passed ? `Every version reached the minimum pass rate ${pct(input.minPass.min_pass)}.` : `Below the minimum pass rate ${pct(input.minPass.min_pass)}: ${input.minPass.failing.map(mdCell).join(", ")}.`);
  }
  if (input.stopped) parts.push(`The run stopped early (${inline(input.stopped)}): the figures cover the answers it got.`);
  return parts.join("\n\n");
}

function regressionsSection(gate: BaselineGate, questions: readonly string[]): string[] {
  if (gate.regressions.length === 0) return [];
  const listed = gate.regressions.slice(0, REGRESSIONS_LISTED_MAX);
  const rows = listed.map((r) =>
    `| ${r.question_index + 1} | ${mdCell(questions[r.question_index] ?? "")} | ${mdCell(r.candidate)} | ${verdictsText(r.baseline_verdicts)} | ${verdictsText(r.candidate_verdicts)} |`,
  );
  const more = gate.regressions.length - listed.length;
  return [
    "## Regressions",
    "",
    `| # | Question | Candidate | Baseline (${mdCell(gate.baseline)}) | Candidate |`,
    "|---:|---|---|---|---|",
    ...rows,
    ...(more > 0 ? ["", `… and ${more} more (the JSON report lists every answer).`] : []),
    "",
  ];
}

function totalsSection(versions: readonly ReportVersion[], baseline: string | null): string[] {
  return [
    "## Totals",
    "",
    "| Version | Pass rate | Answers | Errors | Cost |",
    "|---|---:|---:|---:|---:|",
    ...versions.map(({ id, aggregate }) => `| ${mdCell(id)}${id === baseline ? " (baseline)" : ""} | ${pct(aggregate.pass_rate)} | ${aggregate.items} | ${aggregate.errors} | ${usd(aggregate.cost_usd)} |`),
    "",
  ];
}

export function buildGateMarkdown(input: GateMarkdownInput): string {
  const gate = input.baseline;
  return [
    `# ${inline(input.title)}`,
    "",
    outcome(input),
    "",
    ...(gate ? regressionsSection(gate, input.questions) : []),
    ...totalsSection(input.versions, gate?.baseline ?? null),
  ].join("\n");
}
