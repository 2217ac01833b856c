import Link from "next/link";
import { MainNav } from "./main-nav";

export function AppShell({ children, userSlot }: { children: React.ReactNode; userSlot?: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-6">
          <Link href="/presets" className="flex shrink-0 items-center">
            {/* One file for the logo (mark and wordmark), public/logo.svg, shared with the README; an SVG needs
                no optimizer, so a plain img: next/image would add its client code to every page for nothing. */}
            {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
            <img src="/logo.svg" alt="Gatehouse" width={113} height={24} fetchPriority="high" />
          </Link>
          <div className="order-3 w-full sm:order-none sm:w-auto sm:flex-1">
            <MainNav />
          </div>
          <div className="ml-auto flex items-center gap-2 text-sm">{userSlot}</div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-3 py-6 sm:px-6">
        {children}
      </main>
    </div>
  );
}
