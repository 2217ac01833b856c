/**
 * The BFF's fast lane: the dashboard server (server/next-server.ts) hands the busiest API routes straight to
 * their route handlers, the same functions app/api/** exports, without Next's request pipeline in between.
 *
 * Why: on a 2-core machine Next's own handling of an API request (routing, its request and response
 * adapters, tracing) costs about 0.9 ms of CPU and 1.5 ms before the handler runs, which alone kept the
 * BFF over its budgets for the time to first streamed event and for file-list throughput
 * (docs/departures-from-next.md). Only routes whose route file opts in (`fastLane(...)`, listed in
 * routes.generated.ts at build time) take this lane; every other request, and every request before
 * instrumentation.ts registers the table (registry.ts), goes through Next as before.
 *
 * What the lane does is what Next does for these routes, and no more: the request URL built from the
 * server's own hostname and port (never the Host header), the client's disconnect as `request.signal`,
 * the Response written back chunk by chunk with backpressure (a stream is cut upstream when the client
 * goes), gzip for a JSON answer to a client that accepts it (as Next's compression would), and the BFF's
 * own error body (with its `error_id`) when a handler throws past its own error handling.
 *
 * What it cannot do is give a handler Next's request scope: `cookies()`, `headers()` (next/headers) and
 * `after()` (next/server) throw or misbehave here, so the dependency rules forbid them in everything a
 * lane route reaches (.dependency-cruiser.cjs, "fast-lane-outside-request-scope").
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { acceptsEncoding } from "@/lib/server/http/accept-encoding";
import { toErrorResponse } from "@/lib/server/http/errors";
import { registeredHandler } from "./registry";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("fast-lane");

/** Below this a JSON answer goes as it is: compressing it costs more than it saves (Next's threshold too). */
const GZIP_MIN_BYTES = 1024;
const gzipAsync = promisify(gzip);

export interface FastLaneOrigin {
  hostname: string;
  port: number;
}

function toRequest(incoming: IncomingMessage, origin: FastLaneOrigin, signal: AbortSignal): Request {
  // From the parsed headers, not rawHeaders: the dashboard server overwrites some there (the peer address)
  // before the lane sees the request, and what the client sent under those names must not come through.
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // As Next builds it: the server's own name and port, https only when the connection or a proxy says so.
  const encrypted = (incoming.socket as { encrypted?: boolean }).encrypted === true;
  const protocol = encrypted || String(incoming.headers["x-forwarded-proto"] ?? "").includes("https") ? "https" : "http";
  const host = origin.hostname.includes(":") ? `[${origin.hostname}]` : origin.hostname;
  const url = `${protocol}://${host}:${origin.port}${incoming.url}`;
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(url, {
    method: incoming.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

function compressible(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return type.startsWith("application/json") && !response.headers.has("content-encoding") && !/no-transform/i.test(response.headers.get("cache-control") ?? "");
}

function writeHead(outgoing: ServerResponse, response: Response, extra: Record<string, string> = {}): void {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") outgoing.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
  for (const [name, value] of Object.entries(extra)) outgoing.setHeader(name, value);
}

/** Resolves once `outgoing` can take more, or has closed. */
function drained(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      outgoing.off("drain", done);
      outgoing.off("close", done);
      resolve();
    };
    outgoing.on("drain", done);
    outgoing.on("close", done);
  });
}

async function writeResponse(incoming: IncomingMessage, outgoing: ServerResponse, response: Response): Promise<void> {
  if (!response.body || incoming.method === "HEAD") {
    writeHead(outgoing, response);
    outgoing.end();
    return;
  }
  if (acceptsEncoding(incoming.headers["accept-encoding"], "gzip") && compressible(response)) {
    const body = Buffer.from(await response.arrayBuffer());
    if (body.byteLength >= GZIP_MIN_BYTES) {
      const packed = await gzipAsync(body);
      writeHead(outgoing, response, { "content-encoding": "gzip", "content-length": String(packed.byteLength), vary: "Accept-Encoding" });
      outgoing.end(packed);
      return;
    }
    writeHead(outgoing, response, { "content-length": String(body.byteLength) });
    outgoing.end(body);
    return;
  }
  writeHead(outgoing, response);
  // Headers go at once: an event stream's client learns the answer started before the first event.
  outgoing.flushHeaders();
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  outgoing.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (outgoing.destroyed) return;
      if (!outgoing.write(value)) await drained(outgoing);
    }
    outgoing.end();
  } finally {
    outgoing.off("close", cancel);
  }
}

/**
 * Serves `incoming` when its method and path are in the registered table, and says whether it did. A handler
 * failing past its own error handling (defineRoute turns every error into the contract's answer) gets the
 * answer defineRoute would have given: the shared error body with an `error_id` that the log names too.
 */
export function serveFastLane(incoming: IncomingMessage, outgoing: ServerResponse, origin: FastLaneOrigin): boolean {
  const handler = registeredHandler(incoming.method, incoming.url);
  if (!handler) return false;
  const controller = new AbortController();
  // The client went before the answer was complete: the handler's signal says so (the relay stops the gateway).
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new DOMException("The client closed the connection", "AbortError"));
  });
  void (async () => {
    try {
      const response = await handler(toRequest(incoming, origin, controller.signal), { params: Promise.resolve({}) });
      await writeResponse(incoming, outgoing, response);
    } catch (error) {
      if (!outgoing.headersSent) {
        // Logs the error under the id the body carries (the request's id: lib/server/http/errors.ts).
        await writeResponse(incoming, outgoing, toErrorResponse(error)).catch(() => outgoing.destroy());
      } else {
        log.error({ err: error }, "the answer broke off");
        outgoing.destroy();
      }
    }
  })();
  return true;
}
