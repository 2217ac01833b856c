import { checkArg } from "./check-spelling";
import { compilePattern, usesJudge, type CheckKind, type CheckSpec } from "./checks";
import { checkCitationSupport, type CitationSupport } from "./citation-support";
import type { ItemResult } from "./item-result";
import { expectedRequest, parseRubricReply, rubricRequest, type JudgeContext, type JudgeFn, type JudgeRequest } from "./judge-protocol";
import { listTerms, termOverlap } from "./key-terms";
import { normalizeUrl, urlMatchesAnyDomain } from "./urls";

export interface CheckResult {
  kind: CheckKind;
  arg: string;
  passed: boolean;
  /** 0..1 where the check has a degree: the judge's score, the citation precision. */
  score?: number;
  reasoning?: string;
  details?: Record<string, unknown>;
  /** Where the check came from: the run's list, the question row's own `checks`, or the row's `allowed_domains`. */
  origin?: "run" | "row" | "allowed_domains";
  /** The judge model that graded it (judge-based checks only). */
  judge_model?: string;
}

/** The default score at or above which a graded check (`judge`, `expected`) passes. */
const DEFAULT_PASS_THRESHOLD = 0.5;

/** What one check concluded about an answer: a result without its kind and argument. */
export type CheckOutcome = Omit<CheckResult, "kind" | "arg">;

/**
 * Runs the checks that need no model call (every kind but `judge`, `expected` and `citation-support`) on one answer,
 * their outcomes in the same order; `context` is the question row (`expected-terms` reads its expected answer).
 * In-process by default; the server passes a worker pool with a deadline (lib/server/evaluations/check-pool.ts), so a
 * slow pattern never holds its request loop.
 */
export type LocalCheckRunner = (item: ItemResult, checks: readonly CheckSpec[], context: JudgeContext) => Promise<CheckOutcome[]>;

const runChecksInProcess: LocalCheckRunner = async (item, checks, context) => checks.map((check) => scoreLocalCheck(item, check, context));

export interface EvaluateOptions {
  /** Needed by `judge`, `expected` and `citation-support`; without it those checks fail saying so. */
  judge?: JudgeFn;
  /** The judge model's id, recorded on each judge-based result. */
  judgeModel?: string;
  /** The question row the answer is for: the judge sees it; `expected` and `expected-terms` read `expected`. */
  context?: JudgeContext;
  /** The pass threshold of graded checks that name none (the run's choice); 0.5 when unset. */
  passThreshold?: number;
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
  const localOutcomes = localChecks.length > 0 ? await (options.local ?? runChecksInProcess)(item, localChecks, options.context ?? {}) : [];
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
  switch (check.kind) {
    case "judge":
      return graded(item, rubricRequest(check.rubric, item.answer, options.context ?? {}), check.threshold, options);
    case "expected": {
      const expected = options.context?.expected;
      if (expected === undefined || expected.trim() === "") return { passed: false, reasoning: "The question has no expected answer to compare with." };
      return graded(item, expectedRequest(options.context?.question ?? "", expected, item.answer), check.threshold, options);
    }
    case "citation-support":
      return judgeSupport(item, check.min_precision, options);
    default:
      return scoreLocalCheck(item, check, options.context ?? {});
  }
}

/**
 * One check that needs no model call, on one answer and its question row: a pure function of the three (what a
 * worker runs). A new kind of check adds its case here, or to evaluateJudged when it calls the judge.
 */
export function scoreLocalCheck(item: ItemResult, check: CheckSpec, context: JudgeContext = {}): Outcome {
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
    case "allowed-domains": {
      const outside = item.citations.filter((c) => !urlMatchesAnyDomain(c.url, check.domains)).map((c) => c.url);
      return { passed: outside.length === 0, details: { outside: outside.slice(0, URLS_SHOWN), citations: item.citations.length } };
    }
    case "expected-terms":
      return expectedTerms(item, check.min_share, context);
    case "judge":
    case "expected":
    case "citation-support":
      return { passed: false, reasoning: `The ${check.kind} check calls the judge model; it is not run here.` };
  }
}

function expectedTerms(item: ItemResult, minShare: number, context: JudgeContext): Outcome {
  const expected = context.expected;
  if (expected === undefined || expected.trim() === "") return { passed: false, reasoning: "The question has no expected answer to compare with." };
  const overlap = termOverlap(expected, item.answer);
  if (overlap.share === null) return { passed: false, reasoning: "The expected answer has no key terms (words of 3 letters or more, or numbers)." };
  return {
    passed: overlap.share >= minShare,
    score: overlap.share,
    reasoning: `The answer has ${overlap.found.length} of the expected answer's ${overlap.terms.length} key terms (${Math.round(overlap.share * 100)} %, needs ${Math.round(minShare * 100)} %). Missing: ${listTerms(overlap.missing)}.`,
    details: { found: overlap.found.slice(0, 50), missing: overlap.missing.slice(0, 50) },
  };
}

/** A judge-graded check: one request, passes at its threshold (else the run's, else 0.5). */
async function graded(item: ItemResult, request: JudgeRequest, threshold: number | undefined, { judge, judgeModel, passThreshold, signal }: EvaluateOptions): Promise<Outcome> {
  if (!judge) return { passed: false, reasoning: "No judge model is configured." };
  const model = judgeModel === undefined ? {} : { judge_model: judgeModel };
  let reply: string;
  try {
    reply = await judge(request, signal);
  } catch (error) {
    return { passed: false, reasoning: `The judge call failed: ${error instanceof Error ? error.message : String(error)}`, ...model };
  }
  const verdict = parseRubricReply(reply);
  if (!verdict.ok) return { passed: false, reasoning: verdict.reasoning, ...model };
  const passAt = threshold ?? passThreshold ?? DEFAULT_PASS_THRESHOLD;
  return { passed: verdict.score >= passAt, score: verdict.score, reasoning: verdict.reasoning, details: { threshold: passAt }, ...model };
}

async function judgeSupport(item: ItemResult, minPrecision: number, { judge, judgeModel, context, signal }: EvaluateOptions): Promise<Outcome> {
  if (!judge) return { passed: false, reasoning: "No judge model is configured." };
  if (item.citations.length === 0) return { passed: false, reasoning: "The answer has no citations to support.", details: { precision: null, recall: null, verdicts: [] } };
  const support = await checkCitationSupport(item, judge, signal, { question: context?.question });
  // A citation whose judge call failed (the budget refused it, the gateway erred) has no verdict: no "0 of N
  // supported", no score (a score is what the verdict cache keeps), no figures for the means. The check says why.
  const failed = support.verdicts.filter((verdict) => verdict.failed === true);
  if (failed.length > 0) {
    const reasoning = `Not judged (${failed.length} of ${support.verdicts.length} citations): ${failed[0].reasoning}`;
    return { passed: false, reasoning, details: { skipped: "judge_failed" }, ...(judgeModel === undefined ? {} : { judge_model: judgeModel }) };
  }
  const precision = support.precision ?? 0;
  const supported = support.verdicts.filter((v) => v.supported).length;
  const invented = support.verdicts.filter((v) => v.invented === true).length;
  return {
    passed: precision >= minPrecision,
    score: precision,
    reasoning: `${supported} of ${support.verdicts.length} citations are supported by their source${invented > 0 ? `; ${invented} cite a page the search never returned (invented)` : ""}.`,
    details: { ...support },
    ...(judgeModel === undefined ? {} : { judge_model: judgeModel }),
  };
}

/** The citation support figures of a citation-support result, or null for any other result. */
export function supportOf(result: CheckResult): CitationSupport | null {
  if (result.kind !== "citation-support" || !result.details || !Array.isArray(result.details.verdicts)) return null;
  return result.details as unknown as CitationSupport;
}
