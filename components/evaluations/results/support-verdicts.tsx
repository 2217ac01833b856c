"use client";

import type { EvaluationQuestionDetail } from "@/lib/contract/bff/evaluation-results";
import { markdownToPlain } from "@/lib/format/markdown-plain";
import { VerdictBadge } from "./result-row";

type Verdict = NonNullable<EvaluationQuestionDetail["versions"][number]["repeats"][number]["citation_support"]>[number];

const ORIGIN = { content: "the citation's content", snippet: "the search result's snippet", none: "no source text" } as const;

/** Per citation: supported, relevant, invented; the sentence it is attached to; the source text the judge read (folded). */
export function SupportVerdicts({ verdicts }: { verdicts: readonly Verdict[] }) {
  if (verdicts.length === 0) return <p className="text-xs text-slate-600 dark:text-slate-400">No citations to check for support.</p>;
  return (
    <div>
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Citation support</h4>
      <ol className="space-y-1.5 text-sm" data-testid="support-verdicts">
        {verdicts.map((v) => (
          <li key={v.index} className="rounded-md border border-slate-200 px-2 py-1.5 dark:border-slate-800">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs">[{v.index + 1}]</span>
              <VerdictBadge verdict={v.supported ? "passed" : "failed"} />
              <span className="text-xs" data-testid="support-flags">
                {v.supported ? "supported" : "unsupported"}
                {v.relevant === null ? "" : v.relevant ? " · relevant" : " · off topic"}
                {v.invented === true ? " · invented (not among the search results)" : ""}
              </span>
              <span className="min-w-0 truncate text-xs text-slate-600 dark:text-slate-400" title={v.url}>
                {v.url}
              </span>
            </div>
            <blockquote className="mt-1 border-l-2 border-amber-400 pl-2 text-xs">{markdownToPlain(v.sentence ?? v.span)}</blockquote>
            {v.reasoning ? <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{markdownToPlain(v.reasoning)}</p> : null}
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Source text ({ORIGIN[v.source]})</summary>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">{v.source_text ?? "None was available, so the citation counts as unsupported."}</p>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
