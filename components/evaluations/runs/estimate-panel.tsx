import { Alert } from "@/components/ui/alert";
import type { EvaluationEstimate } from "@/lib/contract/bff/evaluations";
import { fitsText, formatUsdRange } from "@/lib/evaluations/runs/progress";
import { formatUsd } from "@/lib/video-models/money";

function Row({ label, usd, strong }: { label: string; usd: number; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t border-slate-200 pt-1 font-semibold dark:border-slate-800" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatUsd(usd)}</dd>
    </div>
  );
}

/**
 * What the plan should cost: the range from its real requests (low: short answers; high: what the ledger reserves),
 * the typical figure split (model tokens, web search, judge) and per version; with a cap below the high end, that
 * the run will run what fits and stop at the cap; and why it would be refused.
 */
export function EstimatePanel({ estimate, loading, problem, capUsd }: { estimate: EvaluationEstimate | undefined; loading: boolean; problem: string | null; capUsd: number | null }) {
  return (
    <section aria-labelledby="estimate-heading" aria-busy={loading} className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="plan-estimate">
      <h2 id="estimate-heading" className="text-sm font-semibold">
        Estimate
      </h2>
      {problem ? <Alert data-testid="estimate-problem">{problem}</Alert> : null}
      {!estimate ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {loading ? "Estimating…" : problem ? "" : "Choose what to try and a question set to see what the run should cost."}
        </p>
      ) : (
        <>
          <p className="text-sm">
            {estimate.items} answers{estimate.judge_calls > 0 ? ` and ${estimate.judge_calls} judge calls` : ""}
            {loading ? <span className="text-slate-600 dark:text-slate-400"> · updating…</span> : null}
          </p>
          <p className="text-lg font-semibold tabular-nums" data-testid="estimate-range">
            {formatUsdRange(estimate.low_usd, estimate.high_usd, formatUsd)}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">From short answers to every call at its upper bound (what the run reserves). Typical:</p>
          <dl className="space-y-1 text-sm">
            <Row label="Model tokens" usd={estimate.model_tokens_usd} />
            <Row label="Web search" usd={estimate.web_search_usd} />
            <Row label="Judge" usd={estimate.judge_usd} />
            <Row label="Total" usd={estimate.total_usd} strong />
          </dl>
          <ul className="space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
            {estimate.targets.map((target) => (
              <li key={target.id} className="flex justify-between gap-2">
                <span className="break-all">{estimate.versions.find((version) => version.id === target.id)?.label ?? target.id}</span>
                <span className="tabular-nums">{formatUsd(target.total_usd)}</span>
              </li>
            ))}
          </ul>
          {capUsd !== null && estimate.refusals.length === 0 && estimate.high_usd > capUsd ? (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="estimate-fits">
              {fitsText(estimate, capUsd)}
            </p>
          ) : null}
          {estimate.refusals.length > 0 ? (
            <Alert data-testid="estimate-refusals">
              <ul className="space-y-1">
                {estimate.refusals.map((refusal) => (
                  <li key={`${refusal.code}-${refusal.target ?? ""}`}>{refusal.message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
        </>
      )}
    </section>
  );
}
