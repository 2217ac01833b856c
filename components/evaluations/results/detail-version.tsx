"use client";

import type { EvaluationQuestionDetail, EvaluationQuestionRow } from "@/lib/contract/bff/evaluation-results";
import { isDemoJudge } from "@/lib/evaluations/judge-protocol";
import { AnswerView } from "./answer-renderer";
import { DemoJudgeBadge } from "./demo-judge-badge";
import { formatMs, formatUsd } from "./format";
import { VerdictBadge } from "./result-row";
import { SupportVerdicts } from "./support-verdicts";

type DetailVersionBody = EvaluationQuestionDetail["versions"][number];
type Repeat = DetailVersionBody["repeats"][number];

/** Where a check came from, as the question page says it. */
const ORIGIN_LABEL = { run: "run check", row: "this question's check", allowed_domains: "this question's allowed domains" } as const;

function RepeatView({ repeat, domId, showIndex }: { repeat: Repeat; domId: string; showIndex: boolean }) {
  return (
    <div className="space-y-3">
      {showIndex ? <p className="text-xs font-medium text-slate-600 dark:text-slate-400">Repeat {repeat.repeat_index + 1}</p> : null}
      {repeat.error ? (
        <p className="rounded-md bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">
          Error ({repeat.error.code}): {repeat.error.message}
        </p>
      ) : null}
      {repeat.answer !== null ? (
        <div role="region" aria-label="Answer" tabIndex={0} className="max-h-[28rem] overflow-y-auto rounded-md border border-slate-200 bg-slate-50/50 px-3 py-2 dark:border-slate-800 dark:bg-slate-900/40">
          <AnswerView domId={domId} text={repeat.answer} citations={repeat.citations.map((c) => ({ ...c, title: c.title ?? undefined }))} />
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">No answer ({repeat.status}).</p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {formatUsd(repeat.cost_usd)} · {formatMs(repeat.latency_ms)} · {repeat.citations.length} citations · {repeat.sources.length} sources searched
      </p>
      {repeat.cost_split ? (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="detail-cost-split">
          Cost: tokens {formatUsd(repeat.cost_split.tokens_usd)} · web search {formatUsd(repeat.cost_split.web_search_usd)} · judge {formatUsd(repeat.cost_split.judge_usd)} · in all{" "}
          {formatUsd(repeat.cost_split.total_usd)}
        </p>
      ) : null}
      {repeat.checks.length > 0 ? (
        <ul aria-label="Checks" className="space-y-1.5 text-sm">
          {repeat.checks.map((check, i) => (
            <li key={i} data-testid="detail-check" className="rounded-md border border-slate-200 px-2 py-1.5 dark:border-slate-800">
              <div className="flex flex-wrap items-center gap-2">
                <VerdictBadge verdict={check.passed ? "passed" : "failed"} />
                <span className="font-mono text-xs break-all">
                  {check.kind}
                  {check.arg ? `:${check.arg}` : ""}
                </span>
                <span className="text-xs text-slate-600 dark:text-slate-400" data-testid="detail-check-origin">
                  {ORIGIN_LABEL[check.origin]}
                </span>
                {isDemoJudge(check.judge_model) ? <DemoJudgeBadge /> : null}
                {check.score !== null ? <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">score {check.score.toFixed(2)}</span> : null}
              </div>
              {check.reasoning ? <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{check.reasoning}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {repeat.citation_support ? <SupportVerdicts verdicts={repeat.citation_support} /> : null}
    </div>
  );
}

/** One version's column: its verdict, then each repeat's answer, checks and citation support. */
export function DetailVersion({ version, row }: { version: DetailVersionBody; row: EvaluationQuestionRow }) {
  const cell = row.versions.find((v) => v.version_index === version.version_index);
  return (
    <section aria-label={`Answer of ${version.label}`} data-testid="detail-version" className="min-w-0 space-y-3">
      <h3 className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        {version.label}
        {cell ? <VerdictBadge verdict={cell.verdict} failed={cell.failed_checks} checks={cell.checks.length} /> : null}
        {cell?.sources_changed ? <span className="text-xs font-semibold text-amber-800 dark:text-amber-300">sources changed</span> : null}
      </h3>
      {version.repeats.map((repeat) => (
        <RepeatView key={repeat.repeat_index} repeat={repeat} domId={`answer-v${version.version_index}-r${repeat.repeat_index}`} showIndex={version.repeats.length > 1} />
      ))}
    </section>
  );
}
