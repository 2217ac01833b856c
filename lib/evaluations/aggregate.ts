import type { CheckKind } from "./checks";
import { addCostSplits, costSplitOf } from "./cost-split";
import { supportOf, type CheckResult } from "./evaluate";
import type { ItemResult } from "./item-result";
import { finish, type Steps } from "./results/steps";
import { domainOf } from "./urls";

/** One finished item with its check results. */
export interface ScoredItem {
  result: ItemResult;
  checks: readonly CheckResult[];
}

/** @public API of lib/evaluations for the runner, pages and CLI. */
export interface CheckAggregate {
  kind: CheckKind;
  arg: string;
  /** Items the check ran on (failed items are left out). */
  evaluated: number;
  passed: number;
  /** passed / evaluated; null when it ran on none. */
  pass_rate: number | null;
}

export interface VersionAggregate {
  items: number;
  errors: number;
  /** Items with no error whose checks all passed (an item without checks passes when it has no error). */
  passed: number;
  /** passed / items: a failed item counts against the version, so a gateway outage cannot pass a gate. Null with no items. */
  pass_rate: number | null;
  /** passed / items without error: the answers' quality alone. */
  pass_rate_excluding_errors: number | null;
  checks: CheckAggregate[];
  judge_score_mean: number | null;
  citation_precision_mean: number | null;
  citation_recall_mean: number | null;
  /** Mean share of an answer's citations that cite a page its search never returned. */
  citation_invented_share_mean: number | null;
  /** Mean share of an answer's sentences without any supported citation. */
  unsupported_sentence_share_mean: number | null;
  /** Mean share of an answer's citations whose source is about the question. */
  citation_relevant_share_mean: number | null;
  /** Tokens + web search + judge (cost-split.ts). */
  cost_usd: number;
  cost_tokens_usd: number;
  cost_web_search_usd: number;
  cost_judge_usd: number;
  /** Latencies of items without error, nearest-rank percentiles. */
  latency_ms_p50: number | null;
  latency_ms_p95: number | null;
  ttft_ms_p50: number | null;
  /** Mean citations (annotations) per answer without error. */
  citations_per_answer: number | null;
  distinct_domains: number;
  /** Share of all citations that point at the five most cited domains. */
  top5_domain_share: number | null;
}

/** Nearest-rank percentile (p in 0..100) of the values; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

function aggregateChecks(items: readonly ScoredItem[]): CheckAggregate[] {
  const byKey = new Map<string, CheckAggregate>();
  for (const item of items) {
    if (item.result.error) continue;
    for (const check of item.checks) {
      const key = `${check.kind}\u0000${check.arg}`;
      let aggregate = byKey.get(key);
      if (!aggregate) {
        aggregate = { kind: check.kind, arg: check.arg, evaluated: 0, passed: 0, pass_rate: null };
        byKey.set(key, aggregate);
      }
      aggregate.evaluated += 1;
      if (check.passed) aggregate.passed += 1;
    }
  }
  return [...byKey.values()].map((a) => ({ ...a, pass_rate: ratio(a.passed, a.evaluated) }));
}

/** The figures of one version over its items (every repeat counts as an item). */
export function aggregateVersion(items: readonly ScoredItem[]): VersionAggregate {
  return finish(aggregateVersionSteps(items));
}

/** Items between two pauses of the aggregate's steps. */
const ITEMS_PER_STEP = 500;

/** The same in steps (results/steps.ts): the server gives other requests a turn between them. */
export function* aggregateVersionSteps(items: readonly ScoredItem[]): Steps<VersionAggregate> {
  const ok = items.filter((item) => !item.result.error);
  const passed = ok.filter((item) => item.checks.every((check) => check.passed)).length;
  const allChecks = ok.flatMap((item) => item.checks);
  const supports = allChecks.map(supportOf).filter((s) => s !== null);

  const cost = addCostSplits(items.map((item) => costSplitOf(item.result)));
  const shares = (pick: (s: NonNullable<ReturnType<typeof supportOf>>) => number | null | undefined) =>
    mean(supports.map(pick).filter((v): v is number => typeof v === "number"));

  const domainCounts = new Map<string, number>();
  let citations = 0;
  for (let index = 0; index < ok.length; index++) {
    for (const citation of ok[index].result.citations) {
      citations += 1;
      const domain = domainOf(citation.url);
      if (domain !== null) domainCounts.set(domain, (domainCounts.get(domain) ?? 0) + 1);
    }
    if (index % ITEMS_PER_STEP === ITEMS_PER_STEP - 1) yield;
  }
  const top5 = [...domainCounts.values()].sort((a, b) => b - a).slice(0, 5).reduce((a, b) => a + b, 0);

  return {
    items: items.length,
    errors: items.length - ok.length,
    passed,
    pass_rate: ratio(passed, items.length),
    pass_rate_excluding_errors: ratio(passed, ok.length),
    checks: aggregateChecks(items),
    judge_score_mean: mean(allChecks.filter((c) => c.kind === "judge" && typeof c.score === "number").map((c) => c.score as number)),
    citation_precision_mean: mean(supports.map((s) => s.precision).filter((v): v is number => v !== null)),
    citation_recall_mean: mean(supports.map((s) => s.recall).filter((v): v is number => v !== null)),
    citation_invented_share_mean: shares((s) => s.invented_share),
    unsupported_sentence_share_mean: shares((s) => s.unsupported_sentence_share),
    citation_relevant_share_mean: shares((s) => s.relevant_share),
    cost_usd: cost.total_usd,
    cost_tokens_usd: cost.tokens_usd,
    cost_web_search_usd: cost.web_search_usd,
    cost_judge_usd: cost.judge_usd,
    latency_ms_p50: percentile(ok.map((i) => i.result.latency_ms).filter((v): v is number => v !== null), 50),
    latency_ms_p95: percentile(ok.map((i) => i.result.latency_ms).filter((v): v is number => v !== null), 95),
    ttft_ms_p50: percentile(ok.map((i) => i.result.ttft_ms).filter((v): v is number => v !== null), 50),
    citations_per_answer: ratio(citations, ok.length),
    distinct_domains: domainCounts.size,
    top5_domain_share: ratio(top5, citations),
  };
}
