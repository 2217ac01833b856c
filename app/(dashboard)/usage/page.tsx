import type { Metadata } from "next";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { PageHeader } from "@/components/ui/page-header";
import { UsageConsole } from "@/components/usage/usage-console";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Usage" };

/**
 * The usage console. The figures are not prefetched here: days are cut in the viewer's time zone, which only the
 * browser knows until the URL names one, so the island asks GET /api/usage once it does (one request, rollups only).
 */
export default async function Page() {
  const user = await requirePageUser();
  const isAdmin = roleAtLeast(user.role, "admin");
  return (
    <>
      <PageHeader title="Usage" description={isAdmin ? "What everyone spent on the gateway: by day, model, feature, preset and person." : "What you spent on the gateway: by day, model, feature and preset."} />
      <NuqsAdapter>
        <UsageConsole isAdmin={isAdmin} />
      </NuqsAdapter>
    </>
  );
}
