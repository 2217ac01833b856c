import type { Metadata } from "next";
import { RunsList } from "@/components/evaluations/runs/runs-list";
import { PageHeader } from "@/components/ui/page-header";
import { Prefetched } from "@/components/ui/prefetched";
import { evaluationRunQueries } from "@/lib/client/queries/evaluation-runs";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { listRuns } from "@/lib/server/services/evaluation-runs";
import { listQuestionSets } from "@/lib/server/services/evaluation-sets";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";

export const metadata: Metadata = { title: "Evaluation runs" };

/**
 * Server page: prefetches the newest runs with their totals and the question sets' names (the app database, no
 * gateway call); the island refreshes the list while a run runs.
 */
export default async function Page() {
  const user = await requirePageUser();
  const canStart = roleAtLeast(user.role, "editor");
  return (
    <>
      <PageHeader
        title="Evaluation runs"
        description="Preset versions or models tried on a question set: progress, spending and results."
        link={canStart ? { href: "/evaluations/runs/new", label: "New run" } : undefined}
      />
      <Prefetched
        prefetch={(queryClient) =>
          Promise.all([
            queryClient.prefetchInfiniteQuery({ ...evaluationRunQueries.list(), queryFn: () => listRuns() }),
            queryClient.prefetchQuery({ queryKey: questionSetQueries.list().queryKey, queryFn: () => listQuestionSets() }),
          ])
        }
      >
        <RunsList canStart={canStart} />
      </Prefetched>
    </>
  );
}
