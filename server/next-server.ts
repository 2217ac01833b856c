/**
 * The dashboard's HTTP server: Next's request handler behind a plain Node server, for what the `next` CLI
 * cannot do.
 * - It writes the socket's peer address into PEER_HEADER on every request, overwriting whatever the
 *   client sent, so the BFF knows who is really connected (the demo password is shown only to this
 *   machine; throttles count per client). PEER_HEADER_ENV tells the BFF the header can be believed.
 * - It listens where server/start.ts decides (loopback for the embedded demo).
 * - It serves GET /api/files and POST /api/responses through the fast lane (./fast-lane/): the same
 *   route handlers, without Next's per-request pipeline, which cost more than the BFF's budget allows.
 * - It serves the build's scripts and styles Brotli-compressed to browsers that accept it (./precompressed-static.ts);
 *   Next itself only gzips.
 * - In front of all of that it refuses requests naming a host that is not ours (421: DNS rebinding) and bounds
 *   connections (slow headers, idle keep-alive, a cap per instance): ./dashboard-server.ts.
 *
 * - Started by server/start.ts, it ends when the launcher is gone (./launcher/exit-with-parent.ts).
 *
 * Usage (server/start.ts runs it): `node dist/server/next-server.js --port 3000 --hostname 127.0.0.1`, or from
 * source `tsx server/next-server.ts ... --dev`.
 */
import path from "node:path";
import next from "next";
import { exitWithParent } from "./launcher/exit-with-parent";
import { onStopRequest } from "./launcher/stop-request";
import { PEER_HEADER_ENV } from "@/lib/server/http/client-address";
import { parseServerSettings } from "@/lib/server/config/server-settings";
import { createDashboardServer } from "./dashboard-server";
import { projectRoot } from "./entry-point";
import { loadPrecompressedStatic, type PrecompressedAsset } from "./precompressed-static";
import { loggerFor, setLogService } from "@/lib/observability/logger";
import { startTracing } from "@/lib/server/observability/start-tracing";

setLogService("dashboard");
const log = loggerFor("server");

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  const dev = process.argv.includes("--dev");
  const port = Number(argument("--port") ?? "3000");
  const hostname = argument("--hostname");
  let settings;
  try {
    settings = parseServerSettings(process.env);
  } catch (error) {
    log.fatal(`the dashboard server's settings are invalid: ${(error as Error).message}`);
    process.exit(1);
  }
  process.env[PEER_HEADER_ENV] = "1";
  // The BFF's Origin check (lib/server/http/route.ts) accepts loopback and address origins on this port only.
  process.env.PORT = String(port);
  if (process.env.GATEHOUSE_MODE === "remote" && !settings.APP_ORIGIN && !process.env.AUTH_URL) {
    log.warn(
      "APP_ORIGIN is unset: the dashboard answers only when reached as localhost or by IP address " +
        `(port ${port}); requests naming any other host get 421. Set APP_ORIGIN=https://your.host to serve it by name.`,
    );
  }

  // Before Next loads the app: its first request already has a span. Unset OTEL_*: nothing is imported.
  if (await startTracing()) log.info({ endpoint: process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT }, "tracing: spans are exported over OTLP/HTTP");
  const root = projectRoot();
  const app = next({ dev, dir: root, hostname: hostname ?? "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const precompressed = dev ? new Map<string, PrecompressedAsset>() : await loadPrecompressedStatic(path.resolve(root, process.env.NEXT_DIST_DIR || ".next"));

  // The fast lane (./fast-lane/) takes the busiest API routes past Next's request pipeline, once
  // the app has registered them at startup; handlers see the URL Next would give them. Not in dev, where
  // Next reloads handlers on change and the lane would keep serving the old ones.
  const upgradeNext = dev ? app.getUpgradeHandler() : undefined;
  const server = createDashboardServer({
    settings,
    precompressed,
    fastLane: dev ? null : { hostname: hostname ?? "localhost", port },
    next: (request, response) => void handle(request, response),
    upgrade: upgradeNext ? (request, socket, head) => void upgradeNext(request, socket, head) : undefined,
  });
  // No hostname: every interface (IPv4 and IPv6), as a server in a container must.
  server.listen(port, hostname, () => {
    const address = server.address();
    const where = typeof address === "object" && address ? `${address.address}:${address.port}` : String(address);
    log.info(`dashboard server listening on ${where}`);
  });

  onStopRequest(() => server.close(() => process.exit(0)));
  // Started by server/start.ts: a dashboard server whose launcher is gone has no gateway behind it either.
  exitWithParent(() => new Promise((resolve) => server.close(() => resolve())));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, "the dashboard server failed to start");
  process.exit(1);
});
