import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { Metadata } from "next";
import { GenerateForm } from "@/components/video-generation/generate-form";
import { PageHeader } from "@/components/ui/page-header";
import { makeQueryClient } from "@/lib/client/query-client";
import { videoModelQueries } from "@/lib/client/queries/video-models";
import { readVideoModels } from "@/lib/server/services/catalog";
import { readGenerationDraft } from "@/lib/server/services/video-generations";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { MAX_MODELS, modelsFromParam } from "@/lib/video-models/generation-options";

export const metadata: Metadata = { title: "Generate videos" };

/**
 * Server page: prefetches the catalog (the form's models, supported settings and prices); `?models=a,b` preselects,
 * `?from=<generation id>` starts from an earlier generation's prompt, models, settings and frames ("Run again").
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePageUser();
  const queryClient = makeQueryClient();
  const catalogKey = videoModelQueries.list().queryKey;
  const [, params] = await Promise.all([queryClient.prefetchQuery({ queryKey: catalogKey, queryFn: async () => (await readVideoModels()).list }), searchParams]);
  const catalog = queryClient.getQueryData(catalogKey);
  const known = catalog ? new Set(catalog.data.map((model) => model.id)) : null;
  const draft = typeof params.from === "string" ? await readGenerationDraft(params.from).catch(() => null) : null;
  const initialModels = draft ? modelsFromParam(draft.models.join(","), known, MAX_MODELS) : modelsFromParam(params.models, known, MAX_MODELS);
  return (
    <>
      <PageHeader
        title="Generate videos"
        description="One prompt on up to four video models with the same settings, side by side with their cost."
        link={{ href: "/video-models/generations", label: "History" }}
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <GenerateForm initialModels={initialModels} draft={draft} />
      </HydrationBoundary>
    </>
  );
}
