"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { errorIdOf } from "@/lib/client/error-id";

/** What Next gives an `error.tsx`: the error (with `digest` when a server render threw) and `reset`. */
export interface RouteErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/**
 * The dashboard's error page, the `error.tsx` of each page group (app/(dashboard)/<group>/error.tsx): says in plain
 * words that the page could not be shown, offers "Try again" and gives the error id to quote. Announced (role
 * alert) and focused when it appears, so a keyboard or screen-reader user lands on it.
 *
 * "Try again" renders the page again from the server (router.refresh, for a server loader that threw) and resets
 * the boundary (for a render in the browser that threw).
 *
 * Next loads a page's boundaries with the page, each `error.tsx` a chunk with its own copy of this component
 * (0.7 kB Brotli), so it is kept to React and next/navigation (a plain button styled as Button's primary, no
 * ApiError import), there is one boundary per page (none at the dashboard's level: no group has a layout of its
 * own, so it would catch only what the group's catches). /files made room for its own under the 150 kB budget by
 * loading its workspace switcher, selection actions and drop overlay on first use.
 */
export function RouteError({ error, reset }: RouteErrorProps) {
  const router = useRouter();
  const [retrying, startTransition] = useTransition();
  const retry = () =>
    startTransition(() => {
      // A lazily loaded part whose chunk could not be fetched (lazy-component's ChunkLoadError, the one error that
      // offers `retry`) fetches it again when next rendered; by shape, so this chunk stays free of the loader's code.
      (error as { retry?: () => void }).retry?.();
      router.refresh();
      reset();
    });
  return <RouteErrorNotice error={error} retrying={retrying} onRetry={retry} />;
}

/** A callback ref of one identity: React calls it when the heading mounts, not again at each render (Try again's own re-render keeps focus on the button). */
const focusWhenShown = (node: HTMLHeadingElement | null) => node?.focus();

/** What RouteError shows, apart from the router so a component test can render it. */
export function RouteErrorNotice({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const id = errorIdOf(error);
  return (
    <div role="alert" data-testid="page-error" className="mx-auto mt-8 max-w-xl rounded-xl border border-red-300 bg-red-50 p-6 text-center text-sm text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
      <h2 ref={focusWhenShown} tabIndex={-1} className="text-base font-semibold outline-none">
        This page could not be shown
      </h2>
      <p className="mt-2">Something went wrong on our side. Try again in a moment; nothing you saved is lost.</p>
      {id ? (
        <p className="mt-2">
          If it keeps failing, give your administrator this error id: <code className="select-all">{id}</code>
        </p>
      ) : null}
      <button type="button" disabled={retrying} onClick={onRetry} className="mt-4 h-9 rounded-md bg-brand-600 px-3.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60">
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}
