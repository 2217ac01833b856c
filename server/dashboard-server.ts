/**
 * The dashboard's HTTP server itself, apart from starting Next (server/next-server.ts does that), so the
 * front door can be tested over real sockets with any handler behind it.
 *
 * In front of everything (Next's pages, Auth.js, the fast lane, the precompressed scripts): a request
 * naming a Host that is not ours gets 421 (lib/server/http/host-policy.ts: the DNS-rebinding defence). Then
 * the connection bounds (lib/server/config/server-settings.ts): headers within SERVER_HEADERS_TIMEOUT_MS
 * (slowloris), at most SERVER_MAX_CONNECTIONS at once and SERVER_MAX_CONNECTIONS_PER_CLIENT from one address,
 * at most SERVER_MAX_IDLE_CONNECTIONS idle keep-alive connections (the longest idle is closed first).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { AddressInfo, Socket } from "node:net";
import { PEER_HEADER } from "@/lib/server/http/client-address";
import { observeRequest } from "@/lib/server/observability/request-edge";
import { serveFastLane, type FastLaneOrigin } from "./fast-lane/serve";
import { hostPolicyFromEnv, isAllowedHost, type HostPolicy } from "@/lib/server/http/host-policy";
import type { ServerSettings } from "@/lib/server/config/server-settings";
import { servePrecompressed, type PrecompressedAsset } from "./precompressed-static";

export interface DashboardServerOptions {
  settings: ServerSettings;
  /** Brotli-compressed build assets (empty in dev). */
  precompressed: Map<string, PrecompressedAsset>;
  /** Where the fast lane says requests arrived; null: no fast lane (dev, where Next reloads handlers). */
  fastLane: FastLaneOrigin | null;
  /** Everything else: Next's request handler. */
  next(request: IncomingMessage, response: ServerResponse): void;
  /** WebSocket upgrades (Next's dev reloads), behind the same Host check. */
  upgrade?(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

function misdirected(response: ServerResponse, port: number): void {
  const message =
    `This server does not answer to that host name. Open Gatehouse at its configured address (APP_ORIGIN), ` +
    `or at localhost or an IP address of this machine on port ${port}.`;
  const body = JSON.stringify({ error: { code: 421, message, metadata: { setting: "APP_ORIGIN" } } });
  response.writeHead(421, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  response.end(body);
}

/**
 * Closes the longest-idle keep-alive connections past `maxIdle`. Idle: no request in flight since its
 * last response. A client that opens hundreds of keep-alive connections and leaves them idle would
 * otherwise hold them for the keep-alive timeout each, and, with a connection cap, lock others out.
 */
function boundIdleConnections(server: Server, maxIdle: number): void {
  const idleSince = new Map<Socket, true>(); // insertion order: longest idle first
  const inFlight = new WeakMap<Socket, number>();
  server.on("connection", (socket: Socket) => socket.once("close", () => idleSince.delete(socket)));
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    idleSince.delete(socket);
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once("close", () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (left > 0 || socket.destroyed) return;
      idleSince.set(socket, true);
      for (const oldest of idleSince.keys()) {
        if (idleSince.size <= maxIdle) break;
        idleSince.delete(oldest);
        oldest.destroy();
      }
    });
  });
}

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client. */
function peerKey(socket: Socket): string {
  const address = (socket.remoteAddress ?? "").toLowerCase();
  return address.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

/**
 * Closes a new connection at once when its address holds `maxPerClient` already: without it one client could open
 * SERVER_MAX_CONNECTIONS half-open sockets and hold every slot until the header timeout. Counted by the socket's
 * peer, the only address a client cannot make up before sending a byte (behind a proxy: the proxy's, see README).
 */
function boundConnectionsPerClient(server: Server, maxPerClient: number): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const key = peerKey(socket);
    const count = open.get(key) ?? 0;
    if (count >= maxPerClient) {
      socket.destroy();
      return;
    }
    open.set(key, count + 1);
    socket.once("close", () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}

export function createDashboardServer(options: DashboardServerOptions): Server {
  const { settings } = options;
  let policy: HostPolicy | undefined;
  // The port is known once listening (PORT=0 picks one); no request arrives before.
  const hostPolicy = () =>
    (policy ??= hostPolicyFromEnv({ ...process.env, APP_ORIGIN: settings.APP_ORIGIN, PORT: String((server.address() as AddressInfo).port) }));
  const server = createServer(
    {
      headersTimeout: settings.SERVER_HEADERS_TIMEOUT_MS,
      requestTimeout: settings.SERVER_REQUEST_TIMEOUT_MS,
      // How often Node looks for connections past those timeouts (its default, 30 s, would let an
      // unfinished request live up to 30 s past the bound).
      connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(settings.SERVER_HEADERS_TIMEOUT_MS / 4))),
      keepAliveTimeout: settings.SERVER_KEEP_ALIVE_TIMEOUT_MS,
    },
    (request, response) =>
      // First: the request's id (on every answer, this one's 421 included), its log context and span.
      observeRequest(request, response, () => {
        if (!isAllowedHost(request.headers.host, hostPolicy())) return misdirected(response, hostPolicy().port);
        if (servePrecompressed(options.precompressed, request, response)) return;
        request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "";
        if (options.fastLane && serveFastLane(request, response, options.fastLane)) return;
        options.next(request, response);
      }),
  );
  const { upgrade } = options;
  if (upgrade) {
    server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (isAllowedHost(request.headers.host, hostPolicy())) upgrade(request, socket, head);
      else socket.destroy();
    });
  }
  server.keepAliveTimeout = settings.SERVER_KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = settings.SERVER_MAX_CONNECTIONS;
  boundConnectionsPerClient(server, Math.min(settings.SERVER_MAX_CONNECTIONS_PER_CLIENT, settings.SERVER_MAX_CONNECTIONS));
  boundIdleConnections(server, settings.SERVER_MAX_IDLE_CONNECTIONS);
  return server;
}
