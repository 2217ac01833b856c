"use client";

import { lazy, useState, type ComponentType, type LazyExoticComponent } from "react";

/**
 * React.lazy for a named export: the component becomes a chunk of its own, fetched when first rendered. For
 * dialogs and drawers that most page views never open, so their code (and Radix Dialog's) stays out of the first
 * load. Render it inside a Suspense boundary; a chunk that fails to load throws to the page's error boundary.
 */
// `any` as in React.lazy's own signature: the props are whatever the named component takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

/**
 * True from the first render in which `needed` is true: a lazily loaded popup is mounted when first needed and
 * then kept mounted, so it can animate closed and keep what was typed in it.
 */
export function useNeededOnce(needed: boolean): boolean {
  const [wasNeeded, setWasNeeded] = useState(needed);
  if (needed && !wasNeeded) setWasNeeded(true);
  return wasNeeded || needed;
}
