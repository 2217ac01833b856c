import type { VersionAggregate } from "./aggregate";
import { costSplitOf } from "./cost-split";
import type { CheckResult } from "./evaluate";
import type { ItemResult } from "./item-result";

export interface ReportVersion {
  id: string;
  aggregate: VersionAggregate;
}

export interface ReportItem {
  question: string;
  version: string;
  /** 1-based. */
  repeat: number;
  result: ItemResult;
  checks: readonly CheckResult[];
}

export interface GateOutcome {
  /** True when every version's pass rate is at least min_pass (always true without a threshold). */
  passed: boolean;
  min_pass: number | null;
  /** Versions below the threshold (a version without items is below it). */
  failing: string[];
}

/** The CI gate: exit 0 when it passes, 1 when not (usage errors, exit 2, are the caller's). */
export function evaluateGate(versions: readonly ReportVersion[], minPass: number | null): GateOutcome {
  if (minPass === null) return { passed: true, min_pass: null, failing: [] };
  const failing = versions.filter((v) => v.aggregate.pass_rate === null || v.aggregate.pass_rate < minPass).map((v) => v.id);
  return { passed: failing.length === 0, min_pass: minPass, failing };
}

/** The CLI's JSON report: `versions[]` with the aggregate figures, `items[]` with every answer and its checks. */
export function buildJsonReport(versions: readonly ReportVersion[], items: readonly ReportItem[], minPass: number | null = null) {
  const gate = evaluateGate(versions, minPass);
  return {
    gate,
    versions: versions.map(({ id, aggregate }) => ({
      id,
      pass_rate: aggregate.pass_rate,
      pass_rate_excluding_errors: aggregate.pass_rate_excluding_errors,
      items: aggregate.items,
      errors: aggregate.errors,
      cost_usd: aggregate.cost_usd,
      cost_tokens_usd: aggregate.cost_tokens_usd,
      cost_web_search_usd: aggregate.cost_web_search_usd,
      latency_ms_p50: aggregate.latency_ms_p50,
      latency_ms_p95: aggregate.latency_ms_p95,
      ttft_ms_p50: aggregate.ttft_ms_p50,
      citations_per_answer: aggregate.citations_per_answer,
      distinct_domains: aggregate.distinct_domains,
      top5_domain_share: aggregate.top5_domain_share,
      judge_score_mean: aggregate.judge_score_mean,
      citation_precision_mean: aggregate.citation_precision_mean,
      citation_recall_mean: aggregate.citation_recall_mean,
      checks: aggregate.checks,
    })),
    items: items.map((item) => ({
      question: item.question,
      version: item.version,
      repeat: item.repeat,
      answer: item.result.answer,
      citations: item.result.citations.map((c) => ({ url: c.url, ...(c.title === undefined ? {} : { title: c.title }), start_index: c.start_index, end_index: c.end_index })),
      checks: item.checks,
      // The answer's one figure (its calls and its judge calls, as the ledger counts them), the one every report shows.
      cost_usd: costSplitOf(item.result).total_usd,
      latency_ms: item.result.latency_ms,
      ttft_ms: item.result.ttft_ms,
      error: item.result.error ?? null,
    })),
  };
}
/** @public API of lib/evaluations for the runner, pages and CLI. */
export type JsonReport = ReturnType<typeof buildJsonReport>;
