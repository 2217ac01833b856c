"use client";

import { Component, createElement, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export interface LazyPart<P> {
  /** The component to render (by a `LazyPartSlot`); a new one after `retry`. */
  readonly Component: ComponentType<P>;
  /** Fetches the chunk ahead of its first render (pointer or focus on the way to the control that shows it). */
  preload: () => Promise<void>;
  /** After a failed load: the next render fetches the chunk again (React.lazy keeps a failure for good). */
  retry: () => void;
}

/** A part's chunk could not be fetched; other errors of a part are bugs, left to the page's error boundary. */
class PartLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "PartLoadError";
  }
}

/**
 * A part of the playground whose code is a chunk of its own, loaded when it is first shown (or preloaded on
 * the way there), so the page's first load carries only the request form.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        throw new PartLoadError(error);
      }),
    );
  let current = make();
  return {
    get Component() {
      return current;
    },
    // A failed preload is not an error yet: the render that needs the part tries again and shows the failure.
    preload: () => load().then(
      () => undefined,
      () => undefined,
    ),
    retry: () => {
      current = make();
    },
  };
}

/** `render` is called at each render of the boundary, so that after a retry it picks up the part's new component. */
class PartBoundary extends Component<{ what: string; onRetry: () => void; render: () => ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.render();
    if (!(error instanceof PartLoadError)) throw error;
    return (
      <Alert className="flex flex-wrap items-center gap-2" data-testid="part-load-error">
        <span>The {this.props.what} could not be loaded. Check the connection and try again.</span>
        <Button
          size="sm"
          onClick={() => {
            this.props.onRetry();
            this.setState({ error: null });
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
}

/**
 * Renders a lazy part with `props`: `fallback` (the size of what comes, so nothing below it moves) while its
 * chunk loads, an error with a retry when the chunk cannot be loaded, never a blank.
 */
export function LazyPartSlot<P extends object>({ part, props, what, fallback }: { part: LazyPart<P>; props: P; what: string; fallback: ReactNode }) {
  return <PartBoundary what={what} onRetry={part.retry} render={() => <Suspense fallback={fallback}>{createElement(part.Component, props)}</Suspense>} />;
}
