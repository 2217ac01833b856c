"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { useCurrentUser } from "@/lib/client/current-user";
import { cancelScoring, resultKeys, resultQueries } from "@/lib/client/queries/evaluation-results";
import type { EvaluationScoring } from "@/lib/contract/bff/evaluation-results";
import { mayWriteRun } from "@/lib/evaluations/runs/access";
import { formatPercent, formatUsd } from "./format";

/** How often the list is read again while a scoring runs. */
const POLL_MS = 1_000;

const STATUS_WORDS: Record<EvaluationScoring["status"], string> = { running: "running", done: "done", failed: "failed", cancelled: "cancelled" };

function passRates(scoring: EvaluationScoring): string {
  if (!scoring.versions) return "";
  return scoring.versions.map((version) => `${version.label} ${formatPercent(version.pass_rate)}`).join(" · ");
}

/**
 * The run's scorings (1: its own verdicts; 2 on: re-scores), each kept: who, when, checks, judge, what it cost and
 * its pass rates. One is shown (`?scoring=`); a running one shows its progress (polled) and can be cancelled by the
 * run's owner or an admin. Two of them can be compared: which questions flipped.
 */
export function ScoringsPanel({ runId, runOwner, current, hrefFor, onChoose }: { runId: string; runOwner: string; current: number; hrefFor: (scoring: number) => string; onChoose: (scoring: number) => void }) {
  const queryClient = useQueryClient();
  const mayWrite = mayWriteRun(useCurrentUser(), { user_id: runOwner });
  const list = useQuery({
    ...resultQueries.scorings(runId),
    refetchInterval: (query) => (query.state.data?.some((scoring) => scoring.status === "running") ? POLL_MS : false),
  });
  const cancel = useMutation({
    mutationFn: (number: number) => cancelScoring(runId, number),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resultKeys.run(runId) }),
  });
  const [compare, setCompare] = useState<{ a: number; b: number } | null>(null);

  if (list.isError) return <Alert>The scorings could not be loaded: {apiErrorMessage(list.error)}</Alert>;
  const scorings = list.data ?? [];
  if (scorings.length < 2) return null;

  return (
    <section aria-labelledby="scorings-title" className="space-y-2 rounded-md border border-slate-200 p-3 dark:border-slate-800" data-testid="scorings">
      <h3 id="scorings-title" className="text-sm font-semibold">
        Scorings
      </h3>
      <ul className="space-y-2">
        {scorings.map((scoring) => (
          <li key={scoring.number} className="flex flex-col gap-1 text-sm sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-3" data-testid={`scoring-${scoring.number}`}>
            <a
              href={hrefFor(scoring.number)}
              aria-current={scoring.number === current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                onChoose(scoring.number);
              }}
              className="font-medium text-brand-700 underline-offset-2 hover:underline aria-[current=true]:text-slate-900 aria-[current=true]:no-underline dark:text-brand-400 dark:aria-[current=true]:text-white"
            >
              Scoring {scoring.number}
              {scoring.number === 1 ? " (the run's own)" : ""}
              {scoring.number === current ? " · shown" : ""}
            </a>
            <span className="text-slate-600 dark:text-slate-300">
              {scoring.user_name ?? "a removed account"}, <RelativeTime value={scoring.created_at} /> · {STATUS_WORDS[scoring.status]}
            </span>
            <span className="min-w-0 break-all font-mono text-xs text-slate-600 dark:text-slate-300">{scoring.checks.join(", ")}</span>
            {scoring.judge_calls !== null ? (
              <span className="text-slate-600 dark:text-slate-300" data-testid={`scoring-${scoring.number}-cost`}>
                {scoring.judge_calls} judge calls, {scoring.reused ?? 0} verdicts reused, {formatUsd(scoring.cost_usd)}
              </span>
            ) : null}
            {scoring.versions ? <span>{passRates(scoring)}</span> : null}
            <span className="flex items-center gap-2">
              {scoring.status === "running" ? <progress max={Math.max(1, scoring.total)} value={scoring.done} aria-label={`Scoring ${scoring.number} progress`} className="h-1.5 w-32 accent-brand-600" /> : null}
              <span data-testid={`scoring-${scoring.number}-progress`}>
                {scoring.done} / {scoring.total} answers scored
              </span>
              {scoring.status === "running" && mayWrite && scoring.number > 1 ? (
                <Button size="sm" variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(scoring.number)}>
                  Cancel scoring {scoring.number}
                </Button>
              ) : null}
            </span>
            {scoring.error ? <span className="text-red-700 dark:text-red-300">{scoring.error}</span> : null}
            {scoring.status === "done" ? (
              <Link href={`/evaluations/compare?runs=${runId}${scoring.number === 1 ? "" : `:${scoring.number}`}`} className="text-brand-700 underline-offset-2 hover:underline dark:text-brand-400" data-testid={`scoring-${scoring.number}-compare-runs`}>
                Compare with other runs under scoring {scoring.number}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {cancel.isError ? <Alert>{apiErrorMessage(cancel.error)}</Alert> : null}
      <CompareScorings runId={runId} scorings={scorings} pair={compare ?? { a: 1, b: scorings[scorings.length - 1].number }} onPair={setCompare} />
    </section>
  );
}

function ScoringSelect({ label, value, scorings, onChange }: { label: string; value: number; scorings: readonly EvaluationScoring[]; onChange: (value: number) => void }) {
  return (
    <label className="flex items-center gap-1 text-xs font-medium">
      {label}
      <select aria-label={`${label} scoring`} value={value} onChange={(event) => onChange(Number(event.target.value))} className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900">
        {scorings.map((scoring) => (
          <option key={scoring.number} value={scoring.number}>
            Scoring {scoring.number}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Two scorings side by side: the checks only one has, pass rates per version, and the questions whose verdict flipped. */
function CompareScorings({ runId, scorings, pair, onPair }: { runId: string; scorings: readonly EvaluationScoring[]; pair: { a: number; b: number }; onPair: (pair: { a: number; b: number }) => void }) {
  const [open, setOpen] = useState(false);
  const compared = useQuery({ ...resultQueries.scoringCompare(runId, pair.a, pair.b), enabled: open && pair.a !== pair.b });
  const data = compared.data;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-2 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        <ScoringSelect label="Compare" value={pair.a} scorings={scorings} onChange={(a) => onPair({ ...pair, a })} />
        <ScoringSelect label="with" value={pair.b} scorings={scorings} onChange={(b) => onPair({ ...pair, b })} />
        <Button size="sm" disabled={pair.a === pair.b} onClick={() => setOpen(true)}>
          Compare scorings
        </Button>
      </div>
      {open && compared.isError ? <Alert>{apiErrorMessage(compared.error)}</Alert> : null}
      {open && data ? (
        <div className="space-y-1 text-sm" data-testid="scoring-compare">
          {data.checks_only_a.length + data.checks_only_b.length > 0 ? (
            <p className="break-all">
              Checks only in scoring {data.a}: <span className="font-mono text-xs">{data.checks_only_a.join(", ") || "none"}</span>; only in scoring {data.b}:{" "}
              <span className="font-mono text-xs">{data.checks_only_b.join(", ") || "none"}</span>
            </p>
          ) : (
            <p>Both scorings use the same checks.</p>
          )}
          <ul>
            {data.versions.map((version) => (
              <li key={version.version_index}>
                {version.label}: {formatPercent(version.pass_rate_a)} → {formatPercent(version.pass_rate_b)}; {version.to_passed} questions now pass, {version.to_failed} now fail
              </li>
            ))}
          </ul>
          <p>{data.flipped_total === 0 ? "No question's verdict changed." : `${data.flipped_total} verdicts changed${data.flipped_total > data.flipped.length ? ` (the first ${data.flipped.length} listed)` : ""}:`}</p>
          {data.flipped.length > 0 ? (
            <ul className="max-h-64 overflow-y-auto" aria-label="Questions that flipped" tabIndex={0}>
              {data.flipped.map((flip) => (
                <li key={`${flip.question_index}:${flip.version_index}`} className="[overflow-wrap:anywhere]">
                  Q{flip.question_index + 1} ({data.versions[flip.version_index]?.label}): {flip.from} → {flip.to}: {flip.question}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
