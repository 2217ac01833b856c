import type { Metadata } from "next";
import { AccessTokens } from "@/components/account/access-tokens";
import { PageHeader } from "@/components/ui/page-header";
import { Prefetched } from "@/components/ui/prefetched";
import { accessTokenQueries } from "@/lib/client/queries/access-tokens";
import { requirePageUser } from "@/lib/server/auth/page-session";
import { listOwnTokens } from "@/lib/server/services/access-tokens";

export const metadata: Metadata = { title: "Account" };

/** The signed-in person's account: their personal access tokens, prefetched on the server. */
export default async function Page() {
  const user = await requirePageUser();
  return (
    <>
      <PageHeader title="Account" description={`${user.name} · ${user.email} · ${user.role}`} />
      <Prefetched prefetch={(queryClient) => queryClient.prefetchQuery({ queryKey: accessTokenQueries.list().queryKey, queryFn: () => listOwnTokens(user) })}>
        <AccessTokens />
      </Prefetched>
    </>
  );
}
