import type { NoiseFloor, VersionPairTest } from "@/lib/contract/bff/evaluation-results";
import { countOf } from "@/lib/format/count";

/** The paired test in words, the same on the results page and in the Markdown report. */

function formatP(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${p >= 0.1 ? p.toFixed(2) : p.toFixed(3)}`;
}

const points = (value: number) => `${value > 0 ? "+" : value < 0 ? "−" : "±"}${Math.abs(Math.round(value * 100))}`;

/** "+40 points (95% CI +22 to +56)": the difference in pass rate of b minus a, in percentage points. */
export function differenceText(pair: VersionPairTest): string {
  return `${points(pair.difference)} points (95% CI ${points(pair.ci_low)} to ${points(pair.ci_high)})`;
}

/** "web-research v3 passes 12 more questions of 30 than web-research v2, p < 0.001" or "no difference this run can show". */
export function pairVerdict(pair: VersionPairTest, labelA: string, labelB: string): string {
  if (pair.finding === "no_questions") return `${labelA} vs ${labelB}: no question has a verdict from both yet`;
  if (pair.finding === "no_difference") return `${labelA} vs ${labelB}: no difference this run can show (${formatP(pair.p_value)})`;
  const [winner, loser, net] = pair.finding === "b_better" ? [labelB, labelA, pair.b_only - pair.a_only] : [labelA, labelB, pair.a_only - pair.b_only];
  return `${winner} passes ${countOf(net, "more question")} of ${pair.questions} than ${loser}, ${formatP(pair.p_value)}`;
}

/** "3 questions passed only with v3, 1 only with v2". */
export function flipsText(pair: VersionPairTest, labelA: string, labelB: string): string {
  return `${countOf(pair.b_only, "question")} passed only with ${labelB}, ${pair.a_only} only with ${labelA}`;
}

/** What the repeats say about chance within a version. */
export function repeatsText(noise: NoiseFloor): string {
  if (noise.deterministic === null) return "One answer per question: the noise floor (how much a version varies with itself) is unknown. Run with 2 or 3 repeats to measure it.";
  if (noise.deterministic) return "Every repeat gave the same answer word for word: the answers are deterministic here, so the noise floor is unknown and repeats add no evidence.";
  return "Repeats differ, so the per-question verdicts already take the run's own variation into account (a question passes only when every repeat passed).";
}
