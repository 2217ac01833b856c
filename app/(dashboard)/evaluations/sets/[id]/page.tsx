import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { QuestionSetEditor } from "@/components/evaluations/sets/question-set-editor";
import { makeQueryClient } from "@/lib/client/query-client";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { EvaluationIdSchema } from "@/lib/contract/bff/evaluations";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { describeQuestionSet, readQuestionSetRows } from "@/lib/server/services/evaluation-sets";
import { pageCharge } from "@/lib/server/services/gateway-charge";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The tab names the set, as a preset's names the preset: several sets open side by side stay apart (no row is read). */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requirePageUser();
  const { id } = await params;
  const set = EvaluationIdSchema.safeParse(id).success ? await describeQuestionSet(id).catch(() => null) : null;
  return { title: set ? `${set.name} · Question sets` : "Question set · Evaluations" };
}

/**
 * Server page: the first page of rows of the set's newest version (and of the version `?version=N` asks for), read
 * through the service the API uses, charged to the user's limit as each /api read is, and hydrated into the editor;
 * never the whole set (issue 36: a 10,000-row set sent 17.2 MB with every load, uncharged). A prefetch refused or
 * failed leaves the query to the browser, which says why. An unknown id prefetches nothing.
 */
export default async function Page({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const user = await requirePageUser();
  const { id } = await params;
  const raw = (await searchParams).version;
  const version = typeof raw === "string" && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : undefined;
  const queryClient = makeQueryClient();
  if (EvaluationIdSchema.safeParse(id).success) {
    const firstPage = (wanted: number | undefined) =>
      queryClient.prefetchQuery({
        queryKey: questionSetQueries.rows(id, wanted, 0).queryKey,
        queryFn: () => readQuestionSetRows(pageCharge(user.id), id, { version: wanted, offset: 0, limit: ROWS_PER_PAGE }),
      });
    await Promise.all([firstPage(undefined), version === undefined ? null : firstPage(version)]);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <QuestionSetEditor id={id} />
    </HydrationBoundary>
  );
}
