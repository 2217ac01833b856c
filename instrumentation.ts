export async function register() {
  // The build imports this too; settings only exist once `npm start` runs the server.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startGatehouseServer } = await import("@/lib/server/config/startup");
  await startGatehouseServer();
  // Only once the database is open and the settings are known: until then every request goes through Next.
  // The table holds the functions the route files export (server/fast-lane/, docs/departures-from-next.md).
  const [{ registerFastLane }, { FAST_LANE_ROUTES }] = await Promise.all([import("@/server/fast-lane/registry"), import("@/server/fast-lane/routes.generated")]);
  registerFastLane(FAST_LANE_ROUTES);
}

/**
 * A page, route or action that threw while Next rendered it: one error line with the request's id (the header the
 * dashboard server set, lib/server/observability/request-edge.ts) and the digest the error page shows, so the id a
 * user quotes leads to this line. Next prints its own report too; this one is the structured, redacted line.
 */
export async function onRequestError(
  error: unknown,
  request: { path: string; method: string; headers: Record<string, string | string[] | undefined> },
  context: { routerKind: string; routePath: string; routeType: string },
) {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { loggerFor } = await import("@/lib/observability/logger");
  const requestId = request.headers["x-request-id"];
  loggerFor("next").error(
    {
      err: error,
      digest: (error as { digest?: unknown })?.digest,
      request_id: Array.isArray(requestId) ? requestId[0] : requestId,
      method: request.method,
      route: request.path.split("?")[0],
      route_path: context.routePath,
      route_type: context.routeType,
    },
    "render failed",
  );
}
