import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import type { ReactNode } from "react";
import type { Role } from "@/lib/contract/bff/roles";
import { CurrentUserProvider } from "@/lib/client/current-user";
import { makeQueryClient } from "@/lib/client/query-client";

/**
 * Renders a page's client island as the dashboard layout and the page give it: the app's query client
 * (its real defaults), URL state, and the signed-in user. Component tests only.
 */
export function renderIsland(island: ReactNode, user: { id: string; role: Role; email?: string; name?: string }, searchParams = ""): RenderResult {
  const queryClient = makeQueryClient();
  const email = user.email ?? `${user.role}@test.local`;
  return render(
    <NuqsTestingAdapter searchParams={searchParams}>
      <QueryClientProvider client={queryClient}>
        <CurrentUserProvider user={{ id: user.id, role: user.role, email, name: user.name ?? `Test ${user.role}` }}>{island}</CurrentUserProvider>
      </QueryClientProvider>
    </NuqsTestingAdapter>,
  );
}
