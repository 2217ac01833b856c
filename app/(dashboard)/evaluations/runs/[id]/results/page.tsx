import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { EvaluationIdSchema } from "@/lib/contract/bff/evaluations";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { ResultsClient } from "./results-client";

export const metadata: Metadata = { title: "Evaluation results" };

/**
 * The results of one evaluation run. The island reads its view (filters, sort, open question, tab) from the URL,
 * which needs a Suspense boundary; its data comes from /api/evaluations/runs/{id}/results... on first render.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  if (!EvaluationIdSchema.safeParse(id).success) notFound();
  return (
    <>
      <PageHeader
        title="Evaluation results"
        description="Every version of the run side by side: the summary, then each question. Filters and the open question are in the address: share it."
        actions={
          <Link href={`/evaluations/compare?runs=${id}`} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
            Compare with other runs
          </Link>
        }
      />
      <Suspense fallback={<Skeleton className="h-96 w-full" />}>
        <ResultsClient runId={id} />
      </Suspense>
    </>
  );
}
