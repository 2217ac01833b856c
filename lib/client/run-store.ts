"use client";

import { useSyncExternalStore } from "react";
import { ApiError } from "@/lib/client/api-client";
import { isAbortError, streamResponses } from "@/lib/client/stream-reader";
import { initialRunState, runReducer, type RunAction, type RunState } from "@/lib/playground/run-state";
import { runBody, type RequestDraft } from "@/lib/playground/setup";

/**
 * Run state of every column, outside React: a stream dispatches up to hundreds of events a second
 * and only the column it belongs to (and the comparison below the columns) should re-render.
 */
export class RunStore {
  private states = new Map<string, RunState>();
  private controllers = new Map<string, AbortController>();
  private requests = new Map<string, RequestDraft>();
  private listeners = new Set<() => void>();
  private version = 0;
  private snapshotCache: { key: string; version: number; value: { id: string; run: RunState }[] } | null = null;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(id: string): RunState {
    return this.states.get(id) ?? initialRunState;
  }

  /** A stable array for `ids` that changes only when one of their states does. */
  getMany(ids: readonly string[]): { id: string; run: RunState }[] {
    const key = ids.join(",");
    const cached = this.snapshotCache;
    if (cached && cached.key === key && (cached.version === this.version || cached.value.every(({ id, run }) => this.get(id) === run))) {
      this.snapshotCache = { ...cached, version: this.version };
      return cached.value;
    }
    const value = ids.map((id) => ({ id, run: this.get(id) }));
    this.snapshotCache = { key, version: this.version, value };
    return value;
  }

  /** The request the column's last run was made with (exports describe the run, not later edits). */
  requestOf(id: string): RequestDraft | undefined {
    return this.requests.get(id);
  }

  isRunning(id: string): boolean {
    return this.controllers.has(id);
  }

  private dispatch(id: string, action: RunAction) {
    const previous = this.get(id);
    const next = runReducer(previous, action);
    if (next === previous) return;
    this.states.set(id, next);
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  /** Starts a run of `request` in column `id`, replacing (and aborting) any run there. */
  async run(id: string, request: RequestDraft): Promise<void> {
    this.controllers.get(id)?.abort();
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.requests.set(id, request);
    this.dispatch(id, { type: "start", at: performance.now() });
    try {
      await streamResponses(runBody(request), {
        signal: controller.signal,
        onEvents: (events) => this.dispatch(id, { type: "events", events, at: performance.now() }),
      });
      if (!controller.signal.aborted) this.dispatch(id, { type: "end", at: performance.now() });
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) {
        // A replaced run's abort must not mark the new run stopped.
        if (this.controllers.get(id) === controller) this.dispatch(id, { type: "stop", at: performance.now() });
      } else if (error instanceof ApiError) {
        const issues = error.issues.map((issue) => issue.message).join("; ");
        this.dispatch(id, {
          type: "fail",
          code: String(error.status),
          message: issues && !error.message.includes(issues) ? `${error.message}: ${issues}` : error.message,
          at: performance.now(),
        });
      } else {
        this.dispatch(id, { type: "fail", message: error instanceof Error ? error.message : "The stream failed.", at: performance.now() });
      }
    } finally {
      if (this.controllers.get(id) === controller) this.controllers.delete(id);
    }
  }

  /** Stop: aborts the request (the BFF closes the gateway's stream); what arrived stays. */
  stop(id: string) {
    const controller = this.controllers.get(id);
    this.dispatch(id, { type: "stop", at: performance.now() });
    controller?.abort();
  }

  stopAll() {
    for (const id of [...this.controllers.keys()]) this.stop(id);
  }

  forget(id: string) {
    this.controllers.get(id)?.abort();
    this.controllers.delete(id);
    this.requests.delete(id);
    if (this.states.delete(id)) {
      this.version += 1;
      for (const listener of this.listeners) listener();
    }
  }
}

export function useRun(store: RunStore, id: string): RunState {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(id),
    () => initialRunState,
  );
}

const EMPTY: { id: string; run: RunState }[] = [];

export function useRuns(store: RunStore, ids: readonly string[]): { id: string; run: RunState }[] {
  return useSyncExternalStore(
    store.subscribe,
    () => store.getMany(ids),
    () => EMPTY,
  );
}
