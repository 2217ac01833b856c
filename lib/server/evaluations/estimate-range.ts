import type { EvaluationVersion } from "@/lib/contract/bff/evaluation-plan";
import { usesJudge, type CheckSpec } from "@/lib/evaluations/checks";
import { checksForRow, type CheckedRow } from "@/lib/evaluations/row-checks";
import { callUpperBound, MIN_CALL_RESERVE_USD, searchResultsOf, type CallPricing } from "../ledger/call-reserve";
import { JUDGE_MAX_OUTPUT_TOKENS } from "./judge-model";
import { itemRequest } from "./run-work";

/**
 * What a run may cost, as a range computed from its real requests (each version's settings filled with each row):
 *
 * - high: what the ledger reserves: every answer at its upper bound (call-reserve.ts: its text, its
 *   `max_output_tokens`, its search results), every judge call at its own bound (the answer at its longest, a source
 *   of 8,000 characters, `JUDGE_MAX_OUTPUT_TOKENS` out), the support check judging as many citations as the search
 *   returns results (at least LOW_CITATIONS_HIGH). A run never spends past it unless a call cost more than its
 *   reserve, which stops the run (over_reserve).
 * - low: the request's own text at four bytes a token, a short answer (LOW_OUTPUT_TOKENS), one search billed when it
 *   searches, and one small judge call per judge check (the support check: none, an answer may cite nothing).
 *
 * `fits`: how many items, in the order the runner claims them, fit the cap at their high bounds: a run whose cap is
 * below the high end still starts and runs what fits (at least this many answers), then stops at the cap.
 */
export interface EstimateRange {
  low_usd: number;
  high_usd: number;
  /** Items (position order) whose answers and judge calls fit the cap at their upper bounds. */
  fits_items: number;
}

/** A short answer: the least an answer is assumed to cost. */
const LOW_OUTPUT_TOKENS = 50;
/** Tokens one search result adds to the prompt at least. */
const LOW_SEARCH_RESULT_TOKENS = 100;
/** Bytes a token holds in the low figure (English text runs about four). */
const LOW_BYTES_PER_TOKEN = 4;
/** A small judge call: the template, the question and a short answer in, a score out. */
const LOW_JUDGE_INPUT_TOKENS = 300;
const LOW_JUDGE_OUTPUT_TOKENS = 30;
/** A judge call's template and rubric at their longest, and the source text a support verdict reads (≤ 8,000 chars). */
const HIGH_JUDGE_TEMPLATE_TOKENS = 1_000;
const HIGH_JUDGE_SOURCE_TOKENS = 8_000;
/** Citations the support check is assumed to judge at the high end when the search says nothing of its results. */
const LOW_CITATIONS_HIGH = 5;

type Row = CheckedRow & { vars?: Record<string, string> };

const FREE: CallPricing = { prompt: 0, completion: 0, request: 0, web_search: 0 };

function bytesOf(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** One version's per-item figures for a row; the version's own text is measured once, not once per row. */
function versionCosts(version: EvaluationVersion) {
  const pricing = version.pricing ?? FREE;
  const empty = itemRequest(version, { question: "" });
  const emptyBound = callUpperBound(empty, pricing, { maxOutputTokens: Number(empty.max_output_tokens) });
  const emptyBytes = bytesOf(JSON.stringify([empty.instructions ?? null, ""]));
  const results = searchResultsOf(empty);
  const answerMax = Number(empty.max_output_tokens);
  return (row: Row) => {
    let highUsd: number;
    let bytes: number;
    if (row.vars && Object.keys(row.vars).length > 0) {
      // Variables change the text anywhere in it: the row's own request, filled.
      const request = itemRequest(version, row);
      highUsd = callUpperBound(request, pricing, { maxOutputTokens: answerMax }).usd;
      bytes = bytesOf(JSON.stringify([request.instructions ?? null, request.input ?? null]));
    } else {
      // The question is the only difference from the empty request: its JSON string's bytes, less the empty one's quotes.
      const extra = bytesOf(JSON.stringify(row.question)) - 2;
      highUsd = emptyBound.usd + extra * pricing.prompt;
      bytes = emptyBytes + extra;
    }
    const lowTokensIn = Math.ceil(bytes / LOW_BYTES_PER_TOKEN) + results * LOW_SEARCH_RESULT_TOKENS;
    // The reserve counts every result at the search price (OpenRouter's web plugin bills per result); a gateway may
    // bill the search once (the embedded one does): the low end counts one.
    const lowUsd = lowTokensIn * pricing.prompt + LOW_OUTPUT_TOKENS * pricing.completion + pricing.request + (results > 0 ? pricing.web_search : 0);
    return { highUsd, lowUsd, answerMax, results, questionBytes: bytes };
  };
}

export function estimateRange(plan: {
  versions: readonly EvaluationVersion[];
  rows: readonly Row[];
  repeats: number;
  checks: readonly CheckSpec[];
  judgePricing: CallPricing | undefined;
  capUsd: number;
}): EstimateRange {
  const judge = plan.judgePricing ?? FREE;
  const judgeCall = (inputTokens: number, outputTokens: number) => inputTokens * judge.prompt + outputTokens * judge.completion + judge.request;
  const perVersion = plan.versions.map(versionCosts);
  const judgeChecks = plan.rows.map((row) => checksForRow(plan.checks, row).filter((entry) => usesJudge(entry.check)).map((entry) => entry.check));
  let low = 0;
  let high = 0;
  let fits = 0;
  let filling = true;
  // The order the run's items are claimed in (createRun): question, then version, then repeat.
  for (let question = 0; question < plan.rows.length; question++) {
    for (let version = 0; version < plan.versions.length; version++) {
      const item = perVersion[version](plan.rows[question]);
      let itemLow = item.lowUsd;
      let itemHigh = item.highUsd;
      for (const check of judgeChecks[question]) {
        const support = check.kind === "citation-support";
        const highCalls = support ? Math.max(item.results, LOW_CITATIONS_HIGH) : 1;
        const highInput = HIGH_JUDGE_TEMPLATE_TOKENS + item.answerMax + item.questionBytes + (support ? HIGH_JUDGE_SOURCE_TOKENS : 0);
        itemHigh += highCalls * Math.max(judgeCall(highInput, JUDGE_MAX_OUTPUT_TOKENS), MIN_CALL_RESERVE_USD);
        if (!support) itemLow += judgeCall(LOW_JUDGE_INPUT_TOKENS, LOW_JUDGE_OUTPUT_TOKENS);
      }
      for (let repeat = 0; repeat < plan.repeats; repeat++) {
        low += itemLow;
        high += itemHigh;
        if (filling && high <= plan.capUsd + 1e-9) fits += 1;
        else filling = false;
      }
    }
  }
  return { low_usd: low, high_usd: high, fits_items: fits };
}
