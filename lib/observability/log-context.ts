import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What every log line of one request (or one background task) carries: its request id, and what becomes known
 * on the way (the signed-in user, the route). Held in AsyncLocalStorage, so code far below the server's edge
 * (a service, the gateway client) logs with it without passing it along.
 *
 * One store per process, kept on globalThis: the dashboard server (dist/server/next-server.js) and the app
 * Next compiled (.next/server) each hold their own copy of this module, and the id the edge sets must be the
 * one the BFF's lines read.
 */
export interface LogContext {
  request_id?: string;
  user_id?: string;
  route?: string;
  /** The gateway's own id of the last call's request (its X-Request-Id answer header), and the generation's id. */
  gateway_request_id?: string;
  generation_id?: string;
  /** In the embedded gateway: the id of the dashboard request that made the call. */
  caller_request_id?: string;
  /** The evaluation run an item belongs to (the runner's lines). */
  run_id?: string;
  /** A background task's name (the evaluation runner, video polling) where there is no request. */
  task?: string;
}

const STORE = Symbol.for("gatehouse.observability.log-context");
type Holder = typeof globalThis & { [STORE]?: AsyncLocalStorage<LogContext> };

function storage(): AsyncLocalStorage<LogContext> {
  const holder = globalThis as Holder;
  return (holder[STORE] ??= new AsyncLocalStorage<LogContext>());
}

/** Runs `fn` with `context` as the log context of everything it does (its own object: later `addToLogContext` calls write into it). */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return storage().run(context, fn);
}

/** The current request's (or task's) context, undefined outside one. */
export function currentLogContext(): LogContext | undefined {
  return storage().getStore();
}

/** Adds what became known (the user once the session is read) to the current context; nothing outside one. */
export function addToLogContext(fields: LogContext): void {
  const context = storage().getStore();
  if (context) Object.assign(context, fields);
}

/** The current request's id, if any: for error bodies and upstream headers. */
export function currentRequestId(): string | undefined {
  return storage().getStore()?.request_id;
}
