import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { RunView } from "@/components/evaluations/runs/run-view";
import { PageHeader } from "@/components/ui/page-header";
import { makeQueryClient } from "@/lib/client/query-client";
import { evaluationRunQueries } from "@/lib/client/queries/evaluation-runs";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { readRun } from "@/lib/server/services/evaluation-runs";
import { listQuestionSets } from "@/lib/server/services/evaluation-sets";

export const metadata: Metadata = { title: "Evaluation run" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Server page: prefetches the run with its counts (the app database); the island polls while it runs, so a reload
 * or a second tab picks the run up from the URL. A run that is not recorded is left to the island, which says so.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser();
  const { id } = await params;
  const queryClient = makeQueryClient();
  const run = UUID.test(id) ? await queryClient.fetchQuery({ queryKey: evaluationRunQueries.detail(id).queryKey, queryFn: () => readRun(id) }).catch(() => null) : null;
  const set = run ? (await listQuestionSets().catch(() => [])).find((candidate) => candidate.id === run.set_id) : undefined;
  const plan = run?.plan as { repeats?: number; concurrency?: number; checks?: unknown[] } | undefined;
  return (
    <>
      <PageHeader
        title="Evaluation run"
        description={
          run
            ? `${set?.name ?? "A question set"} v${run.set_version} · ${plan?.repeats ?? 1} repeat${plan?.repeats === 1 ? "" : "s"} · concurrency ${plan?.concurrency ?? "?"} · ${plan?.checks?.length ?? 0} check${plan?.checks?.length === 1 ? "" : "s"}`
            : undefined
        }
        link={{ href: "/evaluations/runs", label: "All runs" }}
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <RunView id={id} />
      </HydrationBoundary>
    </>
  );
}
