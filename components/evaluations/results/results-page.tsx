"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Suspense, useCallback, useMemo } from "react";
import { Alert } from "@/components/ui/alert";
import { lazyNamed } from "@/components/ui/lazy-component";
import { Skeleton } from "@/components/ui/skeleton";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { resultQueries } from "@/lib/client/queries/evaluation-results";
import { ResultsFilters } from "./results-filters";
import { ResultsTable } from "./results-table";
import { SummaryCards } from "./summary-cards";
import { listParams, sortBy, type ResultTab } from "./url-state";
import { useResultsView } from "./use-results-view";

const FETCH_AHEAD_ROWS = 60;

// Loaded on first use: the detail brings the answer renderer and the diff, the domains view its tables.
const QuestionDetail = lazyNamed(() => import("./question-detail"), "QuestionDetail");
const DomainsView = lazyNamed(() => import("./domains-view"), "DomainsView");
// The run's actions (exports, re-score, designate: buttons and their state) and the scorings (re-scores: their list, progress and compare) follow the summary in a chunk of their own.
const ScoringsPanel = lazyNamed(() => import("./scorings-panel"), "ScoringsPanel");
const ResultsActions = lazyNamed(() => import("./results-actions"), "ResultsActions");
const LOADING_VIEW = <Skeleton className="h-80 w-full" />;

const TABS: { tab: ResultTab; label: string }[] = [
  { tab: "questions", label: "Questions" },
  { tab: "domains", label: "Domains" },
];

/** The results of one run: summary, then the questions table (or the domains view), the open question's detail above it. */
export function ResultsPage({ runId }: { runId: string }) {
  const { view, setView, hrefFor } = useResultsView();
  const summary = useQuery(resultQueries.summary(runId, view.scoring));
  const params = useMemo(() => listParams(view), [view]);
  const questions = useInfiniteQuery({ ...resultQueries.questions(runId, params), enabled: view.tab === "questions" });
  const rows = useMemo(() => questions.data?.pages.flatMap((page) => page.data) ?? [], [questions.data]);
  const firstPage = questions.data?.pages[0];

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = questions;
  const onRangeEnd = useCallback(
    (lastIndex: number) => {
      if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - FETCH_AHEAD_ROWS) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length],
  );
  const openQuestion = useCallback((index: number) => setView({ ...view, question: index }), [setView, view]);
  const questionHref = useCallback((index: number) => hrefFor({ ...view, question: index }), [hrefFor, view]);

  if (summary.isError) return <Alert>The results could not be loaded: {apiErrorMessage(summary.error)}</Alert>;
  if (!summary.data) return <Skeleton className="h-96 w-full" />;
  const versions = summary.data.versions;

  return (
    <div className="space-y-5">
      {summary.data.status === "running" ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">The run is still going: these results are partial.</p> : null}
      <h2 className="text-lg font-semibold [overflow-wrap:anywhere]" data-testid="run-name">
        {summary.data.name}
      </h2>
      <Suspense fallback={<Skeleton className="h-10 w-full" />}>
        <ResultsActions runId={runId} summary={summary.data} scoring={view.scoring} />
        <ScoringsPanel
          runId={runId}
          runOwner={summary.data.user_id}
          current={view.scoring}
          hrefFor={(scoring) => hrefFor({ ...view, scoring, question: null })}
          onChoose={(scoring) => setView({ ...view, scoring, question: null })}
        />
      </Suspense>
      <SummaryCards summary={summary.data} />

      <nav aria-label="Results views" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {TABS.map(({ tab, label }) => (
          <a
            key={tab}
            href={hrefFor({ ...view, tab, question: null })}
            aria-current={view.tab === tab ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              setView({ ...view, tab, question: null });
            }}
            className="-mb-px border-b-2 border-transparent px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 dark:text-slate-300 dark:aria-[current=page]:text-white"
          >
            {label}
          </a>
        ))}
      </nav>

      {view.tab === "domains" ? (
        <Suspense fallback={LOADING_VIEW}>
          <DomainsView runId={runId} />
        </Suspense>
      ) : (
        <>
          {view.question !== null ? (
            <Suspense fallback={LOADING_VIEW}>
              <QuestionDetail runId={runId} view={view} onNavigate={setView} />
            </Suspense>
          ) : null}
          <ResultsFilters view={view} onChange={setView} page={firstPage} />
          {questions.isError ? <Alert>The questions could not be loaded: {apiErrorMessage(questions.error)}</Alert> : null}
          {firstPage ? (
            <ResultsTable
              rows={rows}
              versions={versions}
              view={view}
              total={firstPage.total}
              onRangeEnd={onRangeEnd}
              onSort={(sort) => setView(sortBy(view, sort))}
              onOpen={openQuestion}
              hrefFor={questionHref}
            />
          ) : (
            <Skeleton className="h-96 w-full" />
          )}
        </>
      )}
    </div>
  );
}
