"use client";

import dynamic from "next/dynamic";
import { AnswerRendererProvider } from "@/components/evaluations/results/answer-renderer";
import { ResultsPage } from "@/components/evaluations/results/results-page";

// The playground's renderer (Markdown, citation marks and cards) is loaded with the first answer shown.
const CitedAnswer = dynamic(() => import("./cited-answer"), { loading: () => <p className="text-sm text-slate-600 dark:text-slate-400">Loading the answer…</p> });

/** The results page's client island, with the playground's answer renderer wired into the results views. */
export function ResultsClient({ runId }: { runId: string }) {
  return (
    <AnswerRendererProvider value={CitedAnswer}>
      <ResultsPage runId={runId} />
    </AnswerRendererProvider>
  );
}
