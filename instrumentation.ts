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
