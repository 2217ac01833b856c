"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { resultQueries } from "@/lib/client/queries/evaluation-results";
import type { EvaluationCompare } from "@/lib/contract/bff/evaluation-results";

const pct = (v: number | null) => (v === null ? "–" : `${Math.round(v * 100)}%`);
const usd = (v: number | null) => (v === null ? "–" : v > 0 && v < 0.0001 ? "<$0.0001" : `$${v.toFixed(4)}`);

/** Rows = version ids seen in any run, columns = runs (oldest first): the pass rate, cost and latency over time. */
function OverTime({ data }: { data: EvaluationCompare }) {
  const ids = [...new Set(data.runs.flatMap((r) => r.versions.map((v) => v.id)))];
  const label = (id: string) => data.runs.flatMap((r) => r.versions).find((v) => v.id === id)?.label ?? id;
  return (
    <div className="overflow-x-auto">
      <table className="text-left text-sm" data-testid="compare-table">
        <caption className="sr-only">Each version across the runs, oldest first</caption>
        <thead>
          <tr className="text-xs text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-4 font-medium">Version</th>
            {data.runs.map((r) => (
              <th key={r.run_id} scope="col" className="py-1 pr-4 font-medium">
                <Link href={`/evaluations/runs/${r.run_id}/results${r.scoring === 1 ? "" : `?scoring=${r.scoring}`}`} className="underline-offset-2 hover:underline">
                  {r.name}
                </Link>
                {r.scoring === 1 ? null : <span className="block font-normal" data-testid="compare-scoring">under scoring {r.scoring}</span>}
                <span className="block font-normal">{new Date(r.created_at).toLocaleString()}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ids.map((id) => (
            <tr key={id} className="border-t border-slate-100 align-top dark:border-slate-800">
              <th scope="row" className="py-1.5 pr-4 font-medium">{label(id)}</th>
              {data.runs.map((r) => {
                const a = r.versions.find((v) => v.id === id)?.aggregate;
                return (
                  <td key={r.run_id} className="py-1.5 pr-4 tabular-nums">
                    {a ? (
                      <>
                        <div className="font-semibold">{pct(a.pass_rate)}</div>
                        <div className="text-xs text-slate-600 dark:text-slate-400">
                          {usd(r.versions.find((v) => v.id === id)?.cost_per_answer_usd ?? null)} per answer · p50 {a.latency_ms_p50 === null ? "–" : `${Math.round(a.latency_ms_p50)} ms`} · {a.errors} errors
                        </div>
                      </>
                    ) : (
                      "–"
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the comparison used and left out, and what else differs between the runs: said before any figure. */
function LikeTerms({ data }: { data: EvaluationCompare }) {
  const nameOf = (id: string) => data.runs.find((r) => r.run_id === id)?.name ?? id;
  const unlike = data.left_out.length > 0 || data.differences.length > 0;
  return (
    <Notice tone={unlike ? "warning" : "info"} data-testid="compare-terms">
      <p>
        Compared on {data.shared_checks.length === 0 ? <strong>no shared check</strong> : <>the checks every run has: {data.shared_checks.map((check) => <code key={check} className="mr-1 rounded bg-slate-100 px-1 text-xs [overflow-wrap:anywhere] dark:bg-slate-800">{check}</code>)}</>}
      </p>
      {data.left_out.length > 0 ? (
        <ul className="mt-1 list-inside list-disc [overflow-wrap:anywhere]" data-testid="compare-left-out">
          {data.left_out.map((entry) => (
            <li key={entry.run_id}>
              Left out of “{nameOf(entry.run_id)}”: {entry.checks.join(", ")}
            </li>
          ))}
        </ul>
      ) : null}
      {data.differences.length > 0 ? (
        <ul className="mt-1 list-inside list-disc" data-testid="compare-differences">
          {data.differences.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}

/** Several runs of one question set: each version's summary over time, and the questions whose verdict flipped. */
export function CompareView({ runIds }: { runIds: readonly string[] }) {
  const compare = useQuery(resultQueries.compare(runIds));
  if (compare.isError) return <Alert>The runs could not be compared: {apiErrorMessage(compare.error)}</Alert>;
  if (!compare.data) return <Skeleton className="h-60 w-full" />;
  const data = compare.data;
  return (
    <div className="space-y-5">
      <LikeTerms data={data} />
      <OverTime data={data} />
      <section aria-labelledby="flips-title" className="space-y-2">
        <h2 id="flips-title" className="text-base font-semibold">
          Flipped questions ({data.flips_total})
        </h2>
        {data.flips.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-400">No question changed its verdict between these runs.</p> : null}
        <ul className="space-y-1 text-sm" data-testid="flips">
          {data.flips.map((f) => (
            <li key={`${f.to_run}-${f.version_id}-${f.question_index}`} className="flex flex-wrap gap-2">
              <span className="font-medium">{f.version_label}</span>
              <Link href={`/evaluations/runs/${f.to_run}/results?q=${f.question_index}`} className="min-w-0 truncate underline-offset-2 hover:underline">
                {f.question_index + 1}. {f.question}
              </Link>
              <span>
                {f.from} → <strong>{f.to}</strong>
              </span>
            </li>
          ))}
        </ul>
        {data.flips_total > data.flips.length ? <p className="text-xs text-slate-600 dark:text-slate-400">The first {data.flips.length} are listed.</p> : null}
      </section>
    </div>
  );
}
