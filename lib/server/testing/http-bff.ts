import { createServer, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import type { Role } from "@/lib/contract/bff/schemas";
import { apiRouteFiles, resolveApiRoute } from "@/lib/testing/api-route-files";
import { params as routeParams, type BffTestEnv } from "./test-support";

/** Headers Node sets itself, or that the test BFF's request builder sets. */
const DROPPED_HEADERS = new Set(["host", "connection", "content-length", "transfer-encoding"]);

export interface ApiRoutesServerOptions {
  /** Request headers not passed on (Node's own; a test's stand-ins for the session). */
  droppedHeaders?: ReadonlySet<string>;
  /** The test session a request runs as (null: only what its own headers carry, a cookie or a bearer token). */
  roleOf?: (incoming: IncomingMessage) => Role | null;
}

/**
 * app/api's route handlers over HTTP (no Next), on the test BFF (setUpBff): each request passed with its own headers
 * and its body as a stream, as Next hands it to a route. Not listening yet.
 */
export function apiRoutesServer(bff: BffTestEnv, { droppedHeaders = DROPPED_HEADERS, roleOf = () => null }: ApiRoutesServerOptions = {}): Server {
  const routes = apiRouteFiles(path.resolve(__dirname, "../../../app/api"));
  return createServer((incoming, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? "/", "http://localhost");
      const method = incoming.method ?? "GET";
      const resolved = resolveApiRoute(routes, url.pathname);
      const handler = resolved && ((await import(resolved.route.file)) as Record<string, unknown>)[method];
      if (!resolved || typeof handler !== "function") {
        outgoing.writeHead(405).end();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) if (!droppedHeaders.has(name) && typeof value === "string") headers[name] = value;
      const body = method === "GET" || method === "HEAD" ? undefined : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
      const request = bff.request(`${url.pathname}${url.search}`, { role: roleOf(incoming), method, headers, body });
      const response = (await handler(request, routeParams(resolved.params))) as Response;
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) outgoing.write(chunk);
      outgoing.end();
    })().catch((error: unknown) => {
      outgoing.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 500, message: String(error) } }));
    });
  });
}

/**
 * This test process's BFF over real HTTP on a free port, each request as its own headers say (a bearer token, a
 * cookie), so what a client such as `npm run eval -- --server` sends is what the handlers see.
 */
export async function serveApiRoutes(bff: BffTestEnv): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = apiRoutesServer(bff);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
