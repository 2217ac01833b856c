/**
 * Where the fast lane's two halves meet. The handlers live in Next's server bundle (instrumentation.ts
 * registers them once the app has started); the lane that serves them lives in the compiled dashboard server
 * (server/next-server.ts, built by esbuild, outside Next's bundles). Two module graphs in one process by
 * design, so this module is loaded once by each, and the table sits on `globalThis` under a registered
 * symbol: the one hand-off between them. It imports nothing, so neither graph drags the other in.
 */

export type FastLaneHandler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;

/** "METHOD /path" (exact path, no dynamic segments) -> the handler its app/api route file exports. */
export type FastLaneTable = Readonly<Record<string, FastLaneHandler>>;

const KEY = Symbol.for("gatehouse.fast-lane");
type Holder = { [KEY]?: FastLaneTable };

export function registerFastLane(table: FastLaneTable): void {
  (globalThis as Holder)[KEY] = table;
}

/** The handler for `method` and `url` (its query ignored), once the table is registered. */
export function registeredHandler(method: string | undefined, url: string | undefined): FastLaneHandler | undefined {
  const table = (globalThis as Holder)[KEY];
  if (!table || !method || !url) return undefined;
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  const route = `${method} ${pathname}`;
  return Object.hasOwn(table, route) ? table[route] : undefined;
}
