/**
 * A route file's opt-in to the dashboard server's fast lane (server/fast-lane/): `export const GET =
 * fastLane(listFiles)`. The build lists every route file that says so in server/fast-lane/routes.generated.ts
 * (server/build/fast-lane-manifest.mjs), so the lane has no route table of its own to keep in step.
 *
 * A lane handler runs outside Next's request scope: it reads the request it is given and nothing else
 * (no `cookies()`, `headers()` or `after()`; the dependency rules check everything it imports). Exact paths
 * only: a route with dynamic segments cannot take the lane.
 */
const OPTED_IN = Symbol("gatehouse.fast-lane.route");

export function fastLane<H extends (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>>(handler: H): H {
  Object.defineProperty(handler, OPTED_IN, { value: true });
  return handler;
}

/** Whether a route file's export opted in (server/fast-lane/routes.test.ts holds the list to it). */
export function isFastLaneRoute(handler: unknown): boolean {
  return typeof handler === "function" && (handler as { [OPTED_IN]?: boolean })[OPTED_IN] === true;
}
