import type { Metadata } from "next";
import { PlanForm } from "@/components/evaluations/runs/plan-form";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import { planFormFromParams } from "@/lib/evaluations/runs/plan-form";
import { requirePageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "New evaluation run" };

/**
 * Server page: the form, prefilled from the URL (`?preset=<slug>&versions=3,5`, as the preset studio links here).
 * Viewers are told they cannot start runs (the BFF refuses them anyway).
 */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser();
  const query = await searchParams;
  const initial = planFormFromParams({ get: (name) => (typeof query[name] === "string" ? query[name] : null) });
  return (
    <>
      <PageHeader
        title="New evaluation run"
        description="Try preset versions or models on a question set; see the estimate before anything is spent."
        link={{ href: "/evaluations/runs", label: "All runs" }}
      />
      {roleAtLeast(user.role, "editor") ? <PlanForm initial={initial} /> : <Alert>Your role ({user.role}) can look at runs but not start them. Ask an editor or an admin.</Alert>}
    </>
  );
}
