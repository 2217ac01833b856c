"use client";

import { useEffect, useSyncExternalStore } from "react";
import type { FieldIssue } from "@/lib/contract/gateway";
import type { RequestDraft } from "@/lib/playground/setup";

export type RequestValidator = (request: RequestDraft) => FieldIssue[];

let validator: RequestValidator | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the request check (zod and the contract's request schema, a chunk of its own). Shared by every
 * column; after a failed load the next call tries again.
 */
export function loadRequestValidator(): Promise<void> {
  loading ??= import("@/lib/playground/validate-request").then(
    (module) => {
      validator = module.validateRequest;
      for (const listener of listeners) listener();
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The shared schema's check of a request for the inline errors, loaded right after the first paint rather
 * than with it (null until then, and in the server render). Meanwhile no error shows and Run stays enabled:
 * a run waits for the same check before anything is sent (RunStore). A failed load is tried again on the
 * next render (the next edit).
 */
export function useRequestValidator(): RequestValidator | null {
  const validate = useSyncExternalStore(subscribe, () => validator, () => null);
  useEffect(() => {
    if (!validate) void loadRequestValidator();
  });
  return validate;
}
