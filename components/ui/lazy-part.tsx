"use client";

import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { loadWithRetry } from "@/lib/client/load-with-retry";

/**
 * The one way to load a part of a page (a dialog, a drawer, a view shown later) as a chunk of its own, fetched when
 * first rendered or preloaded on the way there, so a page's first load carries only what it shows first.
 *
 * A failed chunk fetch is tried again a few times by itself (./load-with-retry: a flaky connection, a deploy under
 * way); when it still fails, the `LazyBoundary` around the part says so with a "Try again" button instead of a
 * blank, and the rest of the page keeps working.
 */
export interface LazyPart<P> {
  /** The part: render it inside a `LazyBoundary`. Stable, and after a failed load the next render loads again. */
  readonly Component: ComponentType<P>;
  /** Fetches the chunk ahead of its first render (pointer or focus on the way to the control that shows it). */
  preload: () => Promise<void>;
}

/** A part's chunk could not be fetched; other errors of a part are bugs, left to the page's error boundary. */
class PartLoadError extends Error {
  constructor(
    cause: unknown,
    /** Makes the part's next render fetch the chunk again (React.lazy keeps a failure for good). */
    readonly reload: () => void,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "PartLoadError";
  }
}

/** A part from a module's export `name`, its default export when no name is given. */
export function lazyPart<M, K extends keyof M = "default" & keyof M>(load: () => Promise<M>, name?: K): LazyPart<PropsOf<M[K]>> {
  const pick = () => loadWithRetry(load).then((module) => ({ default: module[name ?? ("default" as K)] as ComponentType<PropsOf<M[K]>> }));
  const make = () =>
    lazy(() =>
      pick().catch((error: unknown) => {
        throw new PartLoadError(error, () => {
          current = make();
        });
      }),
    );
  let current = make();
  function LazyLoaded(props: PropsOf<M[K]>) {
    return createElement(current, props);
  }
  return {
    Component: LazyLoaded,
    // A failed preload is not an error yet: the render that needs the part tries again and shows the failure.
    preload: () => load().then(
      () => undefined,
      () => undefined,
    ),
  };
}

type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : never) : never;

/**
 * Around one or more lazy parts: `fallback` (the size of what comes, so nothing below moves) while a chunk loads,
 * and when one cannot be loaded, an alert naming `what` with a "Try again" that fetches it again.
 */
export class LazyBoundary extends Component<{ what: string; fallback: ReactNode; children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === null) return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <Alert className="flex flex-wrap items-center gap-2" data-testid="part-load-error">
        <span>The {this.props.what} could not be loaded. Check the connection and try again.</span>
        <Button
          size="sm"
          onClick={() => {
            error.reload();
            this.setState({ error: null });
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
}

/** A lazy part with `props` inside its own `LazyBoundary`. */
export function LazyPartSlot<P extends object>({ part, props, what, fallback }: { part: LazyPart<P>; props: P; what: string; fallback: ReactNode }) {
  return (
    <LazyBoundary what={what} fallback={fallback}>
      {createElement(part.Component, props)}
    </LazyBoundary>
  );
}
