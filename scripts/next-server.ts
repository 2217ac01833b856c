/**
 * The dashboard's HTTP server: Next's request handler behind a plain Node server, for what the `next` CLI
 * cannot do.
 * - It writes the socket's peer address into PEER_HEADER on every request, overwriting whatever the
 *   client sent, so the BFF knows who is really connected (the demo password is shown only to this
 *   machine; throttles count per client). PEER_HEADER_ENV tells the BFF the header can be believed.
 * - It listens where scripts/start.ts decides (loopback for the embedded demo).
 * - It serves GET /api/files and POST /api/responses through the fast lane (lib/server/fast-lane.ts): the same
 *   route handlers, without Next's per-request pipeline, which cost more than the BFF's budget allows.
 * - It serves the build's scripts and styles Brotli-compressed to browsers that accept it (./precompressed-static.ts);
 *   Next itself only gzips.
 *
 * - Started by scripts/start.ts, it ends when the launcher is gone (lib/launcher/exit-with-parent.ts).
 *
 * Usage (scripts/start.ts runs it): `tsx scripts/next-server.ts --port 3000 --hostname 127.0.0.1 [--dev]`.
 */
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { exitWithParent } from "../lib/launcher/exit-with-parent";
import { PEER_HEADER, PEER_HEADER_ENV } from "../lib/server/client-address";
import { serveFastLane } from "../lib/server/fast-lane";
import { loadPrecompressedStatic, servePrecompressed, type PrecompressedAsset } from "./precompressed-static";

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main() {
  const dev = process.argv.includes("--dev");
  const port = Number(argument("--port") ?? "3000");
  const hostname = argument("--hostname");
  process.env[PEER_HEADER_ENV] = "1";

  const root = path.resolve(__dirname, "..");
  const app = next({ dev, dir: root, hostname: hostname ?? "localhost", port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const precompressed = dev ? new Map<string, PrecompressedAsset>() : await loadPrecompressedStatic(path.resolve(root, process.env.NEXT_DIST_DIR || ".next"));

  // The fast lane (lib/server/fast-lane.ts) takes the busiest API routes past Next's request pipeline, once
  // the app has registered them at startup; handlers see the URL Next would give them. Not in dev, where
  // Next reloads handlers on change and the lane would keep serving the old ones.
  const origin = { hostname: hostname ?? "localhost", port };
  const server = createServer((request, response) => {
    if (servePrecompressed(precompressed, request, response)) return;
    request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
    if (!dev && serveFastLane(request, response, origin)) return;
    void handle(request, response);
  });
  if (dev) {
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (request, socket, head) => void upgrade(request, socket, head));
  }
  // Idle keep-alive connections stay open longer than the reverse proxies and clients that reuse them keep
  // theirs (load balancers commonly keep 60 s): with Node's 5 s default, a request sent on a connection the
  // server is just closing fails with a reset (a 502 behind a proxy, "socket hang up" in a client).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // No hostname: every interface (IPv4 and IPv6), as a server in a container must.
  server.listen(port, hostname, () => {
    const address = server.address();
    const where = typeof address === "object" && address ? `${address.address}:${address.port}` : String(address);
    console.log(`gatehouse: dashboard server listening on ${where}`);
  });

  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Started by scripts/start.ts: a dashboard server whose launcher is gone has no gateway behind it either.
  exitWithParent(() => new Promise((resolve) => server.close(() => resolve())));
}

main().catch((error: unknown) => {
  console.error("gatehouse: the dashboard server failed to start:", error);
  process.exit(1);
});
