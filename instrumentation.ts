export async function register() {
  // The build imports this too; settings only exist once `npm start` runs the server.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startGatehouseServer } = await import("@/lib/server/config/startup");
  await startGatehouseServer();
}
