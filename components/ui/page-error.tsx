"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { errorIdOf } from "@/lib/client/api-error-message";

/** What Next gives an `error.tsx`: the error (with `digest` when a server render threw) and `reset`. */
export interface ErrorPageProps {
  error: Error & { digest?: string };
  reset: () => void;
}

/**
 * A page that could not be shown: says so in plain words, offers "Try again" and gives the error id to quote.
 * Announced (role alert) and focused when it appears, so a keyboard or screen-reader user lands on it.
 */
export function PageError({ what, error, retrying, onRetry }: { what: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const id = errorIdOf(error);
  return (
    <div
      role="alert"
      data-testid="page-error"
      className="mx-auto mt-8 max-w-xl rounded-xl border border-red-300 bg-red-50 px-6 py-8 text-center text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
    >
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {what} could not be shown
      </h2>
      <p className="mt-2 text-sm">Something went wrong on our side. Try again in a moment; nothing you saved is lost.</p>
      {id ? (
        <p className="mt-2 text-sm">
          If it keeps failing, give your administrator this error id: <code className="font-mono select-all">{id}</code>
        </p>
      ) : null}
      <div className="mt-4">
        <Button variant="primary" onClick={onRetry} disabled={retrying}>
          {retrying ? "Trying again…" : "Try again"}
        </Button>
      </div>
    </div>
  );
}

/**
 * The `error.tsx` of a page group: "Try again" renders the page again from the server (router.refresh, for a
 * server loader that threw) and resets the boundary (for a render in the browser that threw).
 */
export function pageError(what: string) {
  return function ErrorPage({ error, reset }: ErrorPageProps) {
    const router = useRouter();
    const [retrying, startTransition] = useTransition();
    const retry = () =>
      startTransition(() => {
        router.refresh();
        reset();
      });
    return <PageError what={what} error={error} retrying={retrying} onRetry={retry} />;
  };
}
