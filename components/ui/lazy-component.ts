"use client";

import { createElement, lazy, type ComponentType, type ReactNode } from "react";

/** How a chunk load is tried again: `attempts` in all, waiting `delayMs`, then twice that, and so on, between them. */
export interface RetryOptions {
  attempts?: number;
  delayMs?: number;
}

/** Three tries over about 1.2 s: enough for a dropped connection or a deploy swapping files, short enough to show an error soon. */
const ATTEMPTS = 3;
const FIRST_DELAY_MS = 400;

/**
 * `load` (a dynamic import) tried again when it fails: a chunk fetch fails on a flaky connection or while a
 * deploy swaps the files, and the next try usually gets it. The last failure is what the returned promise rejects with.
 */
export function retryingLoad<T>(load: () => Promise<T>, { attempts = ATTEMPTS, delayMs = FIRST_DELAY_MS }: RetryOptions = {}): () => Promise<T> {
  return async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs * 2 ** (attempt - 1)));
      }
    }
  };
}

/**
 * A lazily loaded component's chunk could not be fetched, even after the retries. `retry` makes its next render
 * fetch it again (React.lazy keeps a failure for good). Other errors of a lazy part are bugs, not this.
 */
export class ChunkLoadError extends Error {
  readonly retry: () => void;
  constructor(cause: unknown, retry: () => void) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
    this.retry = retry;
  }
}

/** A component whose code is a chunk of its own, fetched when it first renders (or on `preload`). */
export type LazyComponent<P> = ((props: P) => ReactNode) & {
  /** Fetches the chunk ahead of its first render (pointer or focus on the way to what shows it); a failure waits for the render. */
  preload: () => Promise<void>;
  /** After a failed load: the next render fetches the chunk again. */
  retry: () => void;
};

/**
 * The one way the dashboard loads code on first use: the component becomes a chunk of its own, fetched when first
 * rendered (inside a Suspense boundary) or preloaded, each fetch tried again a few times before it fails. A chunk
 * that still cannot be fetched throws a ChunkLoadError: to a ChunkBoundary (./lazy-slot) around the part (an error with a
 * "Try again" in its place), or else to the page's error boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options?: RetryOptions): LazyComponent<P> {
  const fetchChunk = retryingLoad(load, options);
  const make = () =>
    lazy(() =>
      fetchChunk().catch((error: unknown) => {
        throw new ChunkLoadError(error, retry);
      }),
    );
  let current = make();
  function retry() {
    current = make();
  }
  // Reads `current` at each render, so that after `retry` a render picks up the new lazy component.
  const Lazy = (props: P) => createElement(current as ComponentType<P>, props);
  return Object.assign(Lazy, {
    preload: () =>
      fetchChunk().then(
        () => undefined,
        () => undefined,
      ),
    retry,
  });
}

/** `lazyComponent` for a named export of the module. */
// `any` as in React.lazy's own signature: the props are whatever the named component takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K, options?: RetryOptions) {
  type Props = M[K] extends ComponentType<infer P> ? P & object : never;
  return lazyComponent<Props>(() => load().then((module) => ({ default: module[name] as ComponentType<Props> })), options);
}
