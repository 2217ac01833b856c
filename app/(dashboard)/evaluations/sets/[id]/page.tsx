import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { cache } from "react";
import { QuestionSetEditor } from "@/components/evaluations/sets/question-set-editor";
import { makeQueryClient } from "@/lib/client/query-client";
import { questionSetQueries } from "@/lib/client/queries/evaluation-sets";
import { EvalIdSchema } from "@/lib/contract/bff/evaluations";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { readQuestionSet } from "@/lib/server/services/evaluation-sets";

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The newest version, read once per request for both the tab title and the editor's first data; null when there is none. */
const newestVersion = cache(async (id: string) => (EvalIdSchema.safeParse(id).success ? readQuestionSet(id).catch(() => null) : null));

/** The tab names the set, as a preset's names the preset: several sets open side by side stay apart. */
export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  await requirePageUser();
  const set = await newestVersion((await params).id);
  return { title: set ? `${set.name} · Question sets` : "Question set · Evaluations" };
}

/**
 * Server page: the set's newest version (and the version `?version=N` asks for) read through the service the API
 * uses and hydrated into the editor. An unknown id prefetches nothing: the editor asks and says it is not there.
 */
export default async function Page({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requirePageUser();
  const { id } = await params;
  const raw = (await searchParams).version;
  const version = typeof raw === "string" && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : undefined;
  const queryClient = makeQueryClient();
  if (EvalIdSchema.safeParse(id).success) {
    await Promise.all([
      queryClient.prefetchQuery({ queryKey: questionSetQueries.version(id).queryKey, queryFn: async () => (await newestVersion(id)) ?? readQuestionSet(id) }),
      version === undefined ? null : queryClient.prefetchQuery({ queryKey: questionSetQueries.version(id, version).queryKey, queryFn: () => readQuestionSet(id, version) }),
    ]);
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <QuestionSetEditor id={id} />
    </HydrationBoundary>
  );
}
