"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { resultQueries } from "@/lib/client/queries/evaluation-results";
import type { EvaluationQuestionDetail } from "@/lib/contract/bff/evaluation-results";
import { CitationDiffView } from "./citation-diff";
import { DetailVersion } from "./detail-version";
import { DiffPairPicker } from "./diff-pair-picker";
import { navigationStep } from "./question-nav";
import { listParams, type ResultsView } from "./url-state";

function labelOf(data: EvaluationQuestionDetail, index: number): string {
  return data.versions.find((v) => v.version_index === index)?.label ?? `version ${index + 1}`;
}

/**
 * One question of the run: every version's answers side by side (the playground's renderer, cited spans marked),
 * each check's verdict with the judge's reasoning, per citation its support verdict, and the citation diff. Next
 * and previous follow the table's filter and order (j / k, or the buttons).
 */
export function QuestionDetail({ runId, view, onNavigate }: { runId: string; view: ResultsView; onNavigate: (view: ResultsView) => void }) {
  const index = view.question ?? 0;
  const detail = useQuery({ ...resultQueries.question(runId, index, { ...listParams(view), diff: view.diff }), placeholderData: (previous) => previous });
  const data = detail.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const prev = data?.question_index === index ? data.prev : null;
  const next = data?.question_index === index ? data.next : null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const step = navigationStep(event);
      if (step === null) return;
      const target = step === 1 ? next : prev;
      if (target === null) return;
      event.preventDefault();
      onNavigate({ ...view, question: target });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [next, prev, onNavigate, view]);

  // A newly opened question is announced and read from its heading.
  useEffect(() => {
    if (data?.question_index === index) headingRef.current?.focus({ preventScroll: false });
  }, [data?.question_index, index]);

  if (detail.isError) return <Alert>Question {index + 1} could not be loaded: {apiErrorMessage(detail.error)}</Alert>;
  if (!data) {
    return (
      <section data-testid="question-detail" aria-busy="true" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <p role="status" className="mb-3 text-sm text-slate-600 dark:text-slate-400">
          Loading question {index + 1}…
        </p>
        <Skeleton className="h-64 w-full" />
      </section>
    );
  }

  return (
    <section aria-labelledby="question-detail-title" data-testid="question-detail" className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-[15rem] flex-1">
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Question {data.question_index + 1}
            {data.position !== null ? ` · ${data.position + 1} of ${data.total} in this view` : " · not in this view's filter"}
            {data.tags.length ? ` · ${data.tags.join(", ")}` : ""}
          </p>
          <h2 id="question-detail-title" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {data.question}
          </h2>
          {data.expected ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Expected: {data.expected}</p> : null}
        </div>
        <div className="flex items-center gap-1">
          <Button size="sm" disabled={prev === null} onClick={() => prev !== null && onNavigate({ ...view, question: prev })} aria-keyshortcuts="k">
            ← Previous
          </Button>
          <Button size="sm" disabled={next === null} onClick={() => next !== null && onNavigate({ ...view, question: next })} aria-keyshortcuts="j">
            Next →
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onNavigate({ ...view, question: null })}>
            Close
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Keyboard: <kbd className="rounded border px-1 font-mono">j</kbd> next question, <kbd className="rounded border px-1 font-mono">k</kbd> previous.
      </p>

      <div className="grid gap-4 lg:grid-cols-2" data-testid="detail-answers">
        {data.versions.map((version) => (
          <DetailVersion key={version.version_index} version={version} row={data.row} />
        ))}
      </div>

      {data.versions.length > 2 && data.diff ? (
        <DiffPairPicker versions={data.versions} pair={{ base: data.diff.base, against: data.diff.against }} onChange={(diff) => onNavigate({ ...view, diff })} />
      ) : null}
      {data.diff ? (
        <CitationDiffView diff={data.diff} baseLabel={labelOf(data, data.diff.base)} againstLabel={labelOf(data, data.diff.against)} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No citation diff: the run has one version, or one side has no answer.</p>
      )}
    </section>
  );
}
