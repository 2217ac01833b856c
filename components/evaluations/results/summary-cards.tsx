import type { EvaluationResultsSummary } from "@/lib/contract/bff/evaluation-results";
import { formatMs, formatNumber, formatPercent, formatUsd } from "./format";
import { DemoJudgeBadge } from "./demo-judge-badge";
import { differenceText, flipsText, pairVerdict, repeatsText } from "@/lib/evaluations/results/noise-verdict";

type VersionWithAggregate = EvaluationResultsSummary["versions"][number];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="line-clamp-3 min-w-0 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400" title={label}>
        {label}
      </dt>
      <dd className="shrink-0 text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function VersionCard({ version }: { version: VersionWithAggregate }) {
  const a = version.aggregate;
  return (
    <section aria-label={`Summary of ${version.label}`} data-testid="version-summary" className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800">
      <h3 className="mb-1 flex items-baseline justify-between gap-2">
        <span className="truncate font-semibold">{version.label}</span>
        <span className="text-lg font-semibold tabular-nums" title="Pass rate: questions passing every check">
          {formatPercent(a.pass_rate)}
        </span>
      </h3>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        {a.checks.map((check) => (
          <Figure key={`${check.kind}:${check.arg}`} label={check.arg ? `${check.kind}: ${check.arg}` : check.kind} value={`${formatPercent(check.pass_rate)} (${check.passed}/${check.evaluated})`} />
        ))}
        <Figure label="Judge mean" value={formatNumber(a.judge_score_mean)} />
        <Figure label="Citation precision / recall" value={`${formatPercent(a.citation_precision_mean)} / ${formatPercent(a.citation_recall_mean)}`} />
        <Figure label="Invented citations" value={formatPercent(a.citation_invented_share_mean)} />
        <Figure label="Sentences without a supported citation" value={formatPercent(a.unsupported_sentence_share_mean)} />
        <Figure label="Relevant citations" value={formatPercent(a.citation_relevant_share_mean)} />
        <Figure label="Cost: model tokens" value={formatUsd(a.cost_tokens_usd)} />
        <Figure label="Cost: web search" value={formatUsd(a.cost_web_search_usd)} />
        <Figure label="Cost: judge" value={formatUsd(a.cost_judge_usd)} />
        <Figure label="Cost in all" value={formatUsd(a.cost_usd)} />
        <Figure label="Latency p50 / p95" value={`${formatMs(a.latency_ms_p50)} / ${formatMs(a.latency_ms_p95)}`} />
        <Figure label="Citations per answer" value={formatNumber(a.citations_per_answer, 1)} />
        <Figure label="Distinct domains (top-five share)" value={`${a.distinct_domains} (${formatPercent(a.top5_domain_share)})`} />
        <Figure label="Errors" value={`${a.errors} of ${a.items}`} />
      </dl>
    </section>
  );
}

function NoiseFloorLine({ summary }: { summary: EvaluationResultsSummary }) {
  const label = (index: number) => summary.versions.find((v) => v.version_index === index)?.label ?? `#${index}`;
  const noise = summary.noise_floor;
  return (
    <div data-testid="noise-floor" className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-900">
      <p>
        <span className="font-medium">Is the difference real?</span> Each pair of versions is compared question by question (a question passes when
        every repeat passed), with McNemar&apos;s exact test on the questions that flipped.
      </p>
      {noise.pairs.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {noise.pairs.map((pair) => (
            <li key={`${pair.a}-${pair.b}`} data-testid="noise-pair">
              <strong>{pairVerdict(pair, label(pair.a), label(pair.b))}</strong>
              {pair.questions > 0 ? (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  Pass rate {label(pair.b)} minus {label(pair.a)}: {differenceText(pair)} · {flipsText(pair, label(pair.a), label(pair.b))}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p data-testid="noise-repeats" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        {repeatsText(noise)}
      </p>
    </div>
  );
}

/**
 * What the whole run spent, the ledger's figure: the same as the run page's "Spent" (every item's calls, settled or
 * kept at their reserve when nobody learned their cost), with the parts the version cards do not hold.
 */
function SpentLine({ spent }: { spent: NonNullable<EvaluationResultsSummary["spent"]> }) {
  return (
    <p data-testid="results-spent" className="text-sm text-slate-700 dark:text-slate-300">
      Spent <strong className="tabular-nums" data-testid="results-spent-usd">{formatUsd(spent.total_usd)}</strong> in all
      {spent.unanswered_usd > 0 ? <> ({formatUsd(spent.unanswered_usd)} of it on items without an answer)</> : null}
      {spent.unknown_usd > 0 ? <>; {formatUsd(spent.unknown_usd)} of it reserves kept for calls whose cost was not reported</> : null}.
    </p>
  );
}

/** Per version: pass rate of every check, judge mean, citations, cost, latency, domains, errors; then the noise floor. */
export function SummaryCards({ summary }: { summary: EvaluationResultsSummary }) {
  return (
    <div className="space-y-3">
      {summary.judge_model ? (
        <p data-testid="judge-line" className="text-sm text-slate-700 dark:text-slate-300">
          Judge: <code>{summary.judge_model}</code>
          {summary.demo_judge ? (
            <>
              {" "}
              <DemoJudgeBadge /> it counts words shared with the question and the expected answer; it is not a language model. Choose a real judge for
              verdicts that mean something.
            </>
          ) : null}
        </p>
      ) : null}
      {summary.spent ? <SpentLine spent={summary.spent} /> : null}
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {summary.versions.map((v) => (
          <VersionCard key={v.version_index} version={v} />
        ))}
      </div>
      <NoiseFloorLine summary={summary} />
    </div>
  );
}
