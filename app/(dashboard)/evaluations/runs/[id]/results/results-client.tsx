"use client";

import { Suspense, type ComponentProps } from "react";
import { AnswerRendererProvider } from "@/components/evaluations/results/answer-renderer";
import { ResultsPage } from "@/components/evaluations/results/results-page";
import { lazyComponent } from "@/components/ui/lazy-component";

// The playground's renderer (Markdown, citation marks and cards) is loaded with the first answer shown.
const CitedAnswerChunk = lazyComponent(() => import("./cited-answer"));

function CitedAnswer(props: ComponentProps<typeof CitedAnswerChunk>) {
  return (
    <Suspense fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading the answer…</p>}>
      <CitedAnswerChunk {...props} />
    </Suspense>
  );
}

/** The results page's client island, with the playground's answer renderer wired into the results views. */
export function ResultsClient({ runId }: { runId: string }) {
  return (
    <AnswerRendererProvider value={CitedAnswer}>
      <ResultsPage runId={runId} />
    </AnswerRendererProvider>
  );
}
