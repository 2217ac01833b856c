import { checkArg } from "./check-spelling";
import { compilePattern, usesJudge, type CheckKind, type CheckSpec } from "./checks";
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

/** What one check concluded about an answer: a result without its kind and argument. */
export type CheckOutcome = Omit<CheckResult, "kind" | "arg">;

/**
 * Runs the checks that need no model call (every kind but `judge` and `citation-support`) on one answer, their
 * outcomes in the same order. In-process by default; the server passes a worker pool with a deadline
 * (lib/server/evaluation/check-pool.ts), so a slow pattern never holds its request loop.
 */
export type LocalCheckRunner = (item: ItemResult, checks: readonly CheckSpec[]) => Promise<CheckOutcome[]>;

const runChecksInProcess: LocalCheckRunner = async (item, checks) => checks.map((check) => scoreLocalCheck(item, check));

export interface EvaluateOptions {
  /** Needed by `judge` and `citation-support`; without it those checks fail saying so. */
  judge?: JudgeFn;
  signal?: AbortSignal;
  /** Where the checks without a model call run (see LocalCheckRunner); in this thread when absent. */
  local?: LocalCheckRunner;
}

/** Compiled patterns kept, so an answer's checks and the next answer's reuse them (a run repeats one list). */
const PATTERN_CACHE_MAX = 64;
const patternCache = new Map<string, ReturnType<typeof compilePattern>>();

function compiledPattern(pattern: string): ReturnType<typeof compilePattern> {
  let compiled = patternCache.get(pattern);
  if (!compiled) {
    compiled = compilePattern(pattern);
    if (patternCache.size >= PATTERN_CACHE_MAX) patternCache.delete(patternCache.keys().next().value!);
    patternCache.set(pattern, compiled);
  }
  return compiled;
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
  const base = (check: CheckSpec) => ({ kind: check.kind, arg: checkArg(check) });
  if (item.error) {
    const reasoning = `Not evaluated: the item failed (${String(item.error.code)}: ${item.error.message})`;
    return checks.map((check) => ({ ...base(check), passed: false, reasoning, details: { skipped: "item_error" } }));
  }
  // The checks without a model call go together (one trip to a worker); the judge's run here, in order.
  const localChecks = checks.filter((check) => !usesJudge(check));
  const localOutcomes = localChecks.length > 0 ? await (options.local ?? runChecksInProcess)(item, localChecks) : [];
  let next = 0;
  const results: CheckResult[] = [];
  for (const check of checks) {
    const outcome = usesJudge(check) ? await evaluateJudged(item, check, options) : localOutcomes[next++];
    results.push({ ...base(check), ...outcome });
  }
  return results;
}

type Outcome = CheckOutcome;

async function evaluateJudged(item: ItemResult, check: CheckSpec, options: EvaluateOptions): Promise<Outcome> {
  if (check.kind === "judge") return judgeRubric(item, check.rubric, check.threshold, options);
  if (check.kind === "citation-support") return judgeSupport(item, check.min_precision, options);
  return scoreLocalCheck(item, check);
}

/**
 * One check that needs no model call, on one answer: a pure function of the two (what a worker runs). A new kind
 * of check adds its case here, or to evaluateJudged when it calls the judge.
 */
export function scoreLocalCheck(item: ItemResult, check: CheckSpec): Outcome {
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
      const compiled = compiledPattern(check.pattern);
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
    case "citation-support":
      return { passed: false, reasoning: `The ${check.kind} check calls the judge model; it is not run here.` };
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
