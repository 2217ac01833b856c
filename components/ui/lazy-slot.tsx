"use client";

import { Component, Suspense, type ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";
import { ChunkLoadError } from "./lazy-component";

/**
 * Around a lazily loaded part of a page: when its chunk cannot be fetched, the part says so with a "Try again"
 * instead of leaving a blank, and the rest of the page keeps working. Other errors go on to the page's boundary.
 * `what` names the part as the start of a sentence ("The answer view").
 */
class ChunkBoundary extends Component<{ what: string; children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ChunkLoadError)) throw error;
    return (
      <Alert className="flex flex-wrap items-center gap-2" data-testid="part-load-error">
        <span>{this.props.what} could not be loaded. Check the connection and try again.</span>
        <Button
          size="sm"
          onClick={() => {
            error.retry();
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
 * Where a lazily loaded part renders: `fallback` (the size of what comes, so nothing below it moves) while its
 * chunk loads, an error with a "Try again" when the chunk cannot be fetched, never a blank.
 */
export function LazySlot({ what, fallback = null, children }: { what: string; fallback?: ReactNode; children: ReactNode }) {
  return (
    <ChunkBoundary what={what}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkBoundary>
  );
}
