"use client";

import type { EvaluationCitationDiff } from "@/lib/contract/bff/evaluation-results";
import { formatPercent } from "./format";

function UrlList({ title, urls, tone, testId }: { title: string; urls: readonly string[]; tone: string; testId: string }) {
  return (
    <div className="min-w-0">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {title} ({urls.length})
      </h4>
      {urls.length === 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">None</p>
      ) : (
        <ul data-testid={testId} className="mt-1 space-y-0.5 text-xs">
          {urls.map((url) => (
            <li key={url} className={`truncate rounded px-1 ${tone}`} title={url}>
              {url}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Which sources a version kept, added and dropped against the base, how much they overlap, and per domain. */
export function CitationDiffView({ diff, baseLabel, againstLabel }: { diff: EvaluationCitationDiff; baseLabel: string; againstLabel: string }) {
  return (
    <section aria-labelledby="citation-diff-title" data-testid="citation-diff" className="space-y-3">
      <h3 id="citation-diff-title" className="text-sm font-semibold">
        Citations: {againstLabel} against {baseLabel}
        {diff.repeat > 0 ? ` (repeat ${diff.repeat + 1})` : ""}
      </h3>
      <p className="text-sm">
        Overlap (Jaccard) <strong data-testid="citation-jaccard">{formatPercent(diff.jaccard)}</strong> · answer similarity {formatPercent(diff.answer_similarity)}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <UrlList title="Kept" urls={diff.kept} tone="bg-slate-100 dark:bg-slate-800" testId="diff-kept" />
        <UrlList title="Added" urls={diff.added} tone="bg-emerald-50 text-emerald-900 dark:bg-emerald-400/10 dark:text-emerald-200" testId="diff-added" />
        <UrlList title="Dropped" urls={diff.dropped} tone="bg-red-50 text-red-900 dark:bg-red-400/10 dark:text-red-200" testId="diff-dropped" />
      </div>
      {diff.domains.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="text-left text-xs">
            <caption className="sr-only">Citations per domain</caption>
            <thead>
              <tr className="text-slate-600 dark:text-slate-400">
                <th scope="col" className="py-1 pr-4 font-medium">Domain</th>
                <th scope="col" className="py-1 pr-4 font-medium">{baseLabel}</th>
                <th scope="col" className="py-1 font-medium">{againstLabel}</th>
              </tr>
            </thead>
            <tbody>
              {diff.domains.map((d) => (
                <tr key={d.domain} className="border-t border-slate-100 dark:border-slate-800">
                  <th scope="row" className="py-1 pr-4 font-normal">{d.domain}</th>
                  <td className="py-1 pr-4 tabular-nums">{d.base}</td>
                  <td className="py-1 tabular-nums">{d.against}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <UrlList title={`Searched, not cited: ${baseLabel}`} urls={diff.searched_uncited.base} tone="" testId="uncited-base" />
        <UrlList title={`Searched, not cited: ${againstLabel}`} urls={diff.searched_uncited.against} tone="" testId="uncited-against" />
      </div>
    </section>
  );
}
