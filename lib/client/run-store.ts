"use client";

import { useSyncExternalStore } from "react";
import { ApiError } from "@/lib/client/api-client";
import { initialRunState, type RunAction, type RunState } from "@/lib/playground/run-shape";
import { runBody, type RequestDraft } from "@/lib/playground/setup";

type RunEngine = typeof import("./run-engine");

/** Fetches the code a run needs (a chunk of its own); the Run buttons call it on their way to a press. */
export const loadRunEngine = (): Promise<RunEngine> => import("./run-engine");

/**
 * Run state of every column, outside React: a stream dispatches up to hundreds of events a second
 * and only the column it belongs to (and the comparison below the columns) should re-render.
 */
export class RunStore {
  private states = new Map<string, RunState>();
  private controllers = new Map<string, AbortController>();
  private requests = new Map<string, RequestDraft>();
  private listeners = new Set<() => void>();
  /** Runs asked for while the engine loads, by column; Stop or a newer Run replaces or removes the entry. */
  private pending = new Map<string, object>();
  private engine: RunEngine | null = null;
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

  private set(id: string, next: RunState) {
    this.states.set(id, next);
    this.version += 1;
    for (const listener of this.listeners) listener();
  }

  private dispatch(engine: RunEngine, id: string, action: RunAction) {
    const previous = this.get(id);
    const next = engine.runReducer(previous, action);
    if (next !== previous) this.set(id, next);
  }

  /**
   * Starts a run of `request` in column `id`, replacing (and aborting) any run there, once the run's code
   * has loaded. A request the shared schema refuses is not sent (the editor shows why); when the code
   * cannot be loaded, the column's run fails with that reason.
   */
  async run(id: string, request: RequestDraft): Promise<void> {
    const ticket = {};
    this.pending.set(id, ticket);
    let engine: RunEngine;
    try {
      engine = await loadRunEngine();
    } catch (error) {
      if (this.pending.get(id) !== ticket) return;
      this.pending.delete(id);
      const at = performance.now();
      const reason = error instanceof Error ? error.message : String(error);
      const message = `The code that runs a request could not be loaded (${reason}). Check the connection and run again.`;
      this.set(id, { ...initialRunState, status: "failed", startedAt: at, endedAt: at, error: { code: null, message } });
      return;
    }
    // Stopped, replaced or forgotten while the code loaded.
    if (this.pending.get(id) !== ticket) return;
    this.pending.delete(id);
    if (engine.validateRequest(request).length > 0) return;
    this.engine = engine;
    return this.stream(engine, id, request);
  }

  private async stream(engine: RunEngine, id: string, request: RequestDraft): Promise<void> {
    const { isAbortError, streamResponses } = engine;
    const dispatch = (action: RunAction) => this.dispatch(engine, id, action);
    this.controllers.get(id)?.abort();
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.requests.set(id, request);
    dispatch({ type: "start", at: performance.now() });
    try {
      await streamResponses(runBody(request), {
        signal: controller.signal,
        onEvents: (events) => dispatch({ type: "events", events, at: performance.now() }),
      });
      if (!controller.signal.aborted) dispatch({ type: "end", at: performance.now() });
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) {
        // A replaced run's abort must not mark the new run stopped.
        if (this.controllers.get(id) === controller) dispatch({ type: "stop", at: performance.now() });
      } else if (error instanceof ApiError) {
        const issues = error.issues.map((issue) => issue.message).join("; ");
        dispatch({
          type: "fail",
          code: String(error.status),
          message: issues && !error.message.includes(issues) ? `${error.message}: ${issues}` : error.message,
          at: performance.now(),
        });
      } else {
        dispatch({ type: "fail", message: error instanceof Error ? error.message : "The stream failed.", at: performance.now() });
      }
    } finally {
      if (this.controllers.get(id) === controller) this.controllers.delete(id);
    }
  }

  /** Stop: aborts the request (the BFF closes the gateway's stream); what arrived stays. */
  stop(id: string) {
    this.pending.delete(id);
    const controller = this.controllers.get(id);
    // Without the engine nothing has started, so there is nothing to mark stopped.
    if (this.engine) this.dispatch(this.engine, id, { type: "stop", at: performance.now() });
    controller?.abort();
  }

  stopAll() {
    for (const id of new Set([...this.pending.keys(), ...this.controllers.keys()])) this.stop(id);
  }

  forget(id: string) {
    this.pending.delete(id);
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
