import type { Metadata } from "next";
import { QuestionSetList } from "@/components/evaluations/sets/question-set-list";
import { Prefetched } from "@/components/ui/prefetched";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { listQuestionSets } from "@/lib/server/services/evaluation-sets";

export const metadata: Metadata = { title: "Question sets · Evaluations" };

/** Server page: the sets come from the app database through the service the API uses, hydrated into the list. */
export default async function Page() {
  await requirePageUser();
  return (
    <Prefetched prefetch={(queryClient) => queryClient.prefetchQuery({ queryKey: questionSetQueries.list().queryKey, queryFn: listQuestionSets })}>
      <QuestionSetList />
    </Prefetched>
  );
}
