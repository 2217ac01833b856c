import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { Prefetched } from "@/components/ui/prefetched";
import { PageHeader } from "@/components/ui/page-header";
import { UsageConsole } from "@/components/usage/usage-console";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import { UsageFilterSchema } from "@/lib/contract/bff/usage";
import { usageQueries } from "@/lib/client/queries/usage";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { readUsageReport } from "@/lib/server/services/usage";

export const metadata: Metadata = { title: "Usage" };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * The usage console. Days are cut in the viewer's time zone, which only the browser knows until the URL names
 * one: a link that names the range and the zone (as the page writes once changed) is prefetched here from the
 * rollups; otherwise the island asks GET /api/usage once it knows the zone (one request either way).
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const isAdmin = roleAtLeast(user.role, "admin");
  const query = await searchParams;
  // The same key the island builds: absent filters are null there (nuqs), so null here too.
  const params = { from: first(query.from), to: first(query.to), tz: first(query.tz), feature: first(query.feature), model: first(query.model), preset: first(query.preset), user: first(query.user) };
  const parsed = UsageFilterSchema.safeParse(Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null)));
  const island = (
    <NuqsAdapter>
      <UsageConsole isAdmin={isAdmin} />
    </NuqsAdapter>
  );
  return (
    <>
      <PageHeader title="Usage" description={isAdmin ? "What everyone spent on the gateway: by day, model, feature, preset and person." : "What you spent on the gateway: by day, model, feature and preset."} />
      {parsed.success && params.from && params.to && params.tz !== null ? (
        <Prefetched
          prefetch={(queryClient) =>
            queryClient.prefetchQuery({
              queryKey: usageQueries.report({ ...params, from: params.from!, to: params.to!, tz: parsed.data.tz }).queryKey,
              queryFn: () => readUsageReport(user, parsed.data),
            })
          }
        >
          {island}
        </Prefetched>
      ) : (
        island
      )}
    </>
  );
}
