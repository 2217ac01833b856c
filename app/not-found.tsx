import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Any address no page answers (and a page's own `notFound()`). Next's built-in page is unstyled and leads nowhere;
 * this one says so in the dashboard's look and links back to it. No session is read: it needs none.
 */
export default function NotFound() {
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-slate-50 px-3 py-10 sm:items-center dark:bg-slate-950">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-semibold tabular-nums text-slate-600 dark:text-slate-400">404</p>
        <h1 className="mt-1 text-lg font-semibold">Page not found</h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">Nothing is at this address: it may be mistyped, or what was here has gone.</p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- next/link here would put 2.8 kB (Brotli) of client code on every page's first load: the root not-found is part of each. */}
        <a href="/presets" className="mt-4 inline-block rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700">
          Go to the dashboard
        </a>
      </div>
    </main>
  );
}
