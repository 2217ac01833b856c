/**
 * The BFF for component tests, run as a child process (lib/testing/component-bff.ts starts it): the real
 * app/api route files over HTTP on a free port, backed by a real embedded gateway (in memory) and a fresh
 * app database, without Next. A separate process because the component tests' happy-dom environment
 * replaces Request, Response and fetch, which the route handlers need in their Node form.
 *
 * Control (test only, never in the app): POST /__test/role {"role": "viewer"|"editor"|"admin"|null}
 * picks whose session cookie the following requests carry; GET /__test/requests lists the requests seen.
 * Prints one JSON line {"baseUrl", "userIds"} when ready.
 */
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import type { Role } from "@/lib/contract/bff/schemas";
import { startEmbeddedGateway } from "@/lib/embedded-gateway/server";
import { setPasswordCostForTests } from "@/lib/server/auth/password";
import { params as routeParams, setUpBff } from "@/lib/server/testing/test-support";
import { apiRouteFiles, resolveApiRoute } from "./api-route-files";
import { scrubSettings } from "./scrub-env";

scrubSettings();
setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });

const root = path.resolve(__dirname, "../..");
const routes = apiRouteFiles(path.join(root, "app/api"));
/** Headers the stand-in browser sends that the test session replaces (cookie, origin) or Node sets itself. */
const DROPPED_HEADERS = new Set(["host", "origin", "referer", "cookie", "connection", "content-length", "transfer-encoding"]);

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main() {
  const gateway = await startEmbeddedGateway({
    dbFile: ":memory:",
    port: 0,
    apiKey: "component-api-key-0123456789",
    managementKey: "component-management-key-0123456789",
    corpus: "fixed",
    demoFiles: 20,
  });
  const bff = await setUpBff(gateway);
  let role: Role | null = "admin";
  const seen: { method: string; path: string; status: number }[] = [];

  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? "/", "http://localhost");
      const method = incoming.method ?? "GET";
      const body = method === "GET" || method === "HEAD" ? undefined : await readBody(incoming);
      if (url.pathname === "/__test/role") {
        role = (JSON.parse(body?.toString() || "null") as { role: Role | null }).role;
        outgoing.writeHead(204).end();
        return;
      }
      if (url.pathname === "/__test/requests") {
        outgoing.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(seen));
        return;
      }
      const resolved = resolveApiRoute(routes, url.pathname);
      const handler = resolved && ((await import(resolved.route.file)) as Record<string, unknown>)[method];
      if (!resolved || typeof handler !== "function") {
        outgoing.writeHead(405).end();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (!DROPPED_HEADERS.has(name) && typeof value === "string") headers[name] = value;
      }
      const request = bff.request(`${url.pathname}${url.search}`, { role, method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined });
      const response = (await handler(request, routeParams(resolved.params))) as Response;
      seen.push({ method, path: `${url.pathname}${url.search}`, status: response.status });
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      console.error(error);
      outgoing.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 500, message: String(error) } }));
    });
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`${JSON.stringify({ baseUrl: `http://127.0.0.1:${port}`, userIds: bff.userIds })}\n`);
  });
  const stop = () => {
    server.close();
    void Promise.all([bff.cleanup(), gateway.close()]).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.stdin.on("end", stop);
  process.stdin.resume();
}

void main();
