import { AppShell } from "@/components/shell/app-shell";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { CurrentUserProvider } from "@/lib/client/current-user";
import { UserMenu } from "@/components/auth/user-menu";
import { QueryProvider } from "@/lib/client/query-provider";
import { requirePageUser } from "@/lib/server/page-session";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // The server-side session check for every dashboard page (proxy.ts only looks for the cookie).
  const user = await requirePageUser();
  return (
    <NuqsAdapter>
      <QueryProvider>
        <CurrentUserProvider user={user}>
          <AppShell userSlot={<UserMenu user={user} />}>{children}</AppShell>
        </CurrentUserProvider>
      </QueryProvider>
    </NuqsAdapter>
  );
}
