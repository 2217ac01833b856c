import { AppShell } from "@/components/shell/app-shell";
import { CurrentUserProvider } from "@/lib/client/current-user";
import { UserMenu } from "@/components/auth/user-menu";
import { QueryProvider } from "@/lib/client/query-provider";
import { requirePageUser } from "@/lib/server/auth/page-session";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // The server-side session check for every dashboard page (proxy.ts only looks for the cookie). The URL state
  // adapter (nuqs) is not here but in the pages that keep state in the URL, so the others do not load it.
  const user = await requirePageUser();
  return (
    <QueryProvider>
      <CurrentUserProvider user={user}>
        <AppShell userSlot={<UserMenu user={user} />}>{children}</AppShell>
      </CurrentUserProvider>
    </QueryProvider>
  );
}
