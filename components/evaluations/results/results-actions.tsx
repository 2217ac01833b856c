"use client";

import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyNamed } from "@/components/ui/lazy-component";
import { useCurrentUser } from "@/lib/client/current-user";
import { mayWriteRun } from "@/lib/evaluations/runs/access";
import { DesignateButtons } from "./designate-buttons";
import { exportUrl } from "@/lib/client/queries/evaluation-results";
import type { EvaluationResultsSummary, EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";

// The dialogs load on their button's first press.
const RescoreDialog = lazyNamed(() => import("./rescore-dialog"), "RescoreDialog");
const DesignateDialog = lazyNamed(() => import("./designate-dialog"), "DesignateDialog");

const EXPORTS = [
  { format: "csv", label: "CSV" },
  { format: "json", label: "JSON" },
  { format: "md", label: "Markdown report" },
] as const;

/** Exports for everyone; re-score and "make designated" for the run's own editor (or an admin) once it ended. */
export function ResultsActions({ runId, summary, scoring }: { runId: string; summary: EvaluationResultsSummary; scoring: number }) {
  const editor = mayWriteRun(useCurrentUser(), summary);
  const [rescoring, setRescoring] = useState(false);
  const [designating, setDesignating] = useState<EvaluationResultVersion | null>(null);
  const ended = summary.status !== "running";
  const presetVersions = summary.versions.filter((v) => v.preset !== null);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-slate-700 dark:text-slate-300">Export:</span>
      {EXPORTS.map((e) => (
        <a key={e.format} href={exportUrl(runId, e.format, scoring)} download className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
          {e.label}
        </a>
      ))}
      {editor ? (
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button size="sm" disabled={!ended} title={ended ? undefined : "Wait for the run to end"} onClick={() => setRescoring(true)}>
            Re-score…
          </Button>
          {[...new Set(presetVersions.map((v) => v.preset!.slug))].map((slug) => (
            <DesignateButtons key={slug} runId={runId} slug={slug} versions={presetVersions.filter((v) => v.preset!.slug === slug)} disabled={!ended} onDesignate={setDesignating} />
          ))}
        </div>
      ) : null}
      <Suspense fallback={null}>
        {rescoring ? <RescoreDialog runId={runId} checks={summary.checks} judgeModel={summary.judge_model} onClose={() => setRescoring(false)} /> : null}
        {designating ? <DesignateDialog runId={runId} version={designating} onClose={() => setDesignating(null)} /> : null}
      </Suspense>
    </div>
  );
}
