import { checkArg } from "./check-spelling";
import { compilePattern, type CheckKind, type CheckSpec } from "./checks";
import { checkCitationSupport, type CitationSupport } from "./citation-support";
import type { ItemResult } from "./item-result";
import { parseRubricReply, rubricRequest, type JudgeFn } from "./judge-protocol";
import { normalizeUrl, urlMatchesAnyDomain } from "./urls";

export interface CheckResult {
  kind: CheckKind;
  arg: string;
  passed: boolean;
  /** 0..1 where the check has a degree: the judge's score, the citation precision. */
  score?: number;
  reasoning?: string;
  details?: Record<string, unknown>;
}

export interface EvaluateOptions {
  /** Needed by `judge` and `citation-support`; without it those checks fail saying so. */
  judge?: JudgeFn;
  signal?: AbortSignal;
}

/** URLs listed in a result's details, at most this many. */
const URLS_SHOWN = 10;

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}

/**
 * Runs every check on one item. An item that failed (error set) passes no check: each result
 * says it was not evaluated. Judge failures become failed checks with the reason, never a rejection.
 */
export async function evaluateChecks(item: ItemResult, checks: readonly CheckSpec[], options: EvaluateOptions = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const base = { kind: check.kind, arg: checkArg(check) };
    if (item.error) {
      results.push({ ...base, passed: false, reasoning: `Not evaluated: the item failed (${String(item.error.code)}: ${item.error.message})`, details: { skipped: "item_error" } });
      continue;
    }
    results.push({ ...base, ...(await evaluateOne(item, check, options)) });
  }
  return results;
}

type Outcome = Omit<CheckResult, "kind" | "arg">;

async function evaluateOne(item: ItemResult, check: CheckSpec, options: EvaluateOptions): Promise<Outcome> {
  switch (check.kind) {
    case "contains":
      return { passed: item.answer.includes(check.text) };
    case "contains-i":
      return { passed: item.answer.toLowerCase().includes(check.text.toLowerCase()) };
    case "not-contains":
      return { passed: !item.answer.includes(check.text) };
    case "not-contains-i":
      return { passed: !item.answer.toLowerCase().includes(check.text.toLowerCase()) };
    case "pattern": {
      const compiled = compilePattern(check.pattern);
      if (!compiled.ok) return { passed: false, reasoning: compiled.message };
      return { passed: compiled.re.test(item.answer) };
    }
    case "cites-domain": {
      const matched = item.citations.filter((c) => urlMatchesAnyDomain(c.url, check.domains)).map((c) => c.url);
      return { passed: matched.length > 0, details: { matched: matched.slice(0, URLS_SHOWN) } };
    }
    case "no-domain": {
      const offending = item.citations.filter((c) => urlMatchesAnyDomain(c.url, check.domains)).map((c) => c.url);
      return { passed: offending.length === 0, details: { offending: offending.slice(0, URLS_SHOWN) } };
    }
    case "min-citations": {
      // Distinct pages: citing one page five times is one citation for this check.
      const count = new Set(item.citations.map((c) => normalizeUrl(c.url))).size;
      return { passed: count >= check.n, details: { count } };
    }
    case "max-cost":
      if (item.cost_usd === null) return { passed: false, reasoning: "The gateway reported no cost for this item." };
      return { passed: item.cost_usd <= check.usd, details: { cost_usd: item.cost_usd } };
    case "max-latency-ms":
      if (item.latency_ms === null) return { passed: false, reasoning: "No latency was recorded for this item." };
      return { passed: item.latency_ms <= check.ms, details: { latency_ms: item.latency_ms } };
    case "min-length":
    case "max-length": {
      const length = codePointLength(item.answer);
      return { passed: check.kind === "min-length" ? length >= check.chars : length <= check.chars, details: { length } };
    }
    case "judge":
      return judgeRubric(item, check.rubric, check.threshold, options);
    case "citation-support":
      return judgeSupport(item, check.min_precision, options);
  }
}

async function judgeRubric(item: ItemResult, rubric: string, threshold: number, { judge, signal }: EvaluateOptions): Promise<Outcome> {
  if (!judge) return { passed: false, reasoning: "No judge model is configured." };
  let reply: string;
  try {
    reply = await judge(rubricRequest(rubric, item.answer), signal);
  } catch (error) {
    return { passed: false, reasoning: `The judge call failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const verdict = parseRubricReply(reply);
  if (!verdict.ok) return { passed: false, reasoning: verdict.reasoning };
  return { passed: verdict.score >= threshold, score: verdict.score, reasoning: verdict.reasoning };
}

async function judgeSupport(item: ItemResult, minPrecision: number, { judge, signal }: EvaluateOptions): Promise<Outcome> {
  if (!judge) return { passed: false, reasoning: "No judge model is configured." };
  if (item.citations.length === 0) return { passed: false, reasoning: "The answer has no citations to support.", details: { precision: null, recall: null, verdicts: [] } };
  const support = await checkCitationSupport(item, judge, signal);
  const precision = support.precision ?? 0;
  const supported = support.verdicts.filter((v) => v.supported).length;
  return {
    passed: precision >= minPrecision,
    score: precision,
    reasoning: `${supported} of ${support.verdicts.length} citations are supported by their source.`,
    details: { ...support },
  };
}

/** The citation support figures of a citation-support result, or null for any other result. */
export function supportOf(result: CheckResult): CitationSupport | null {
  if (result.kind !== "citation-support" || !result.details || !Array.isArray(result.details.verdicts)) return null;
  return result.details as unknown as CitationSupport;
}
