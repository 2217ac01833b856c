import { AppShell } from "@/components/shell/app-shell";
import { NuqsAdapter } from "nuqs/adapters/next/app";
import { QueryProvider } from "@/lib/client/query-provider";

export default function DashboardLayout({ children }: { children: React.ReactNode }) {
  return (
    <NuqsAdapter>
      <QueryProvider>
        <AppShell>{children}</AppShell>
      </QueryProvider>
    </NuqsAdapter>
  );
}
