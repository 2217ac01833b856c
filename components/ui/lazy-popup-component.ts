"use client";

import type { ComponentType } from "react";
import { lazyPart } from "./lazy-part";

export { useNeededOnce } from "./use-lazy-popup";

/**
 * Kept only for the preset studio's files until they move to `lazyPart` (./lazy-part), the one lazy-loading
 * helper: a named export as a lazy part's component (loaded with retries). New code uses `lazyPart` directly.
 */
// `any` as in React.lazy's own signature: the props are whatever the named component takes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  return lazyPart(load, name).Component as unknown as M[K];
}
