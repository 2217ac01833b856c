import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toErrorResponse } from "@/lib/server/http/errors";
import { PEER_HEADER } from "@/lib/server/http/client-address";
import { registerFastLane, type FastLaneTable } from "./registry";
import { serveFastLane } from "./serve";
import { captureLogs } from "@/lib/observability/testing/capture-logs";

const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: `file-${i}`, filename: `report-${i}.pdf`, bytes: i * 1000 })) };

/** What the stream handler saw: set by the handler, read by the tests. */
const streamState = { aborted: false, cancelled: false, release: () => {} };

const table: FastLaneTable = {
  "GET /echo": async (request) =>
    Response.json({
      url: request.url,
      method: request.method,
      cookie: request.headers.get("cookie"),
      tags: request.headers.get("x-tag"),
      peer: request.headers.get(PEER_HEADER),
    }),
  "POST /echo": async (request) => Response.json({ body: await request.text(), type: request.headers.get("content-type") }),
  "GET /big": async () => Response.json(big, { headers: { "Cache-Control": "private, no-store" } }),
  "GET /cookies": async () => {
    const headers = new Headers({ "content-type": "text/plain" });
    headers.append("set-cookie", "a=1; Path=/");
    headers.append("set-cookie", "b=2; Path=/");
    return new Response("ok", { status: 201, headers });
  },
  "GET /stream": async (request) => {
    streamState.aborted = false;
    streamState.cancelled = false;
    request.signal.addEventListener("abort", () => (streamState.aborted = true));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("data: first\n\n"));
        streamState.release = () => {
          controller.enqueue(encoder.encode("data: second\n\n"));
          controller.close();
        };
      },
      cancel() {
        streamState.cancelled = true;
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" } });
  },
  "GET /boom": async () => {
    throw new Error("handler exploded");
  },
};

let server: Server;
let baseUrl: string;
let port: number;

beforeAll(async () => {
  registerFastLane(table);
  server = createServer((req, res) => {
    // As the dashboard server does: the peer address overwrites whatever the client sent under that name.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? "";
    if (serveFastLane(req, res, { hostname: "gatehouse.internal", port })) return;
    // Stands in for Next: whatever the lane does not serve gets this.
    res.writeHead(299, { "content-type": "text/plain" });
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  registerFastLane({});
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** Plain node:http, so nothing decompresses or adds an Accept-Encoding behind the test's back. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${baseUrl}${path}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("the fast lane", () => {
  it("serves only the registered method and path; everything else goes on to Next", async () => {
    expect((await send("/echo?x=1")).status).toBe(200);
    expect((await send("/echo/more")).body.toString()).toBe("next");
    expect((await send("/big", { method: "DELETE" })).status).toBe(299);
    expect((await send("/unknown")).status).toBe(299);
    // An inherited property is not a route.
    expect((await send("/__proto__")).status).toBe(299);
  });

  it("gives the handler the request as Next would: URL on the server's own name (not the Host header), headers, query", async () => {
    const answer = await send("/echo?limit=100&cursor=a%2Fb", {
      headers: { host: "evil.example", cookie: "session=abc", "x-tag": "one", [PEER_HEADER]: "203.0.113.9" },
    });
    expect(JSON.parse(answer.body.toString())).toEqual({
      url: `http://gatehouse.internal:${port}/echo?limit=100&cursor=a%2Fb`,
      method: "GET",
      cookie: "session=abc",
      tags: "one",
      // The server's own note of the peer, never the client's claim.
      peer: "127.0.0.1",
    });
    const proxied = await send("/echo", { headers: { "x-forwarded-proto": "https" } });
    expect(JSON.parse(proxied.body.toString()).url).toBe(`https://gatehouse.internal:${port}/echo`);
  });

  it("streams a request body to the handler", async () => {
    const body = JSON.stringify({ input: "héllo ".repeat(5000) });
    const answer = await send("/echo", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(JSON.parse(answer.body.toString())).toEqual({ body, type: "application/json" });
  });

  it("gzips a JSON answer for a client that accepts gzip, and only then", async () => {
    const zipped = await send("/big", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(zipped.headers["cache-control"]).toBe("private, no-store");
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(big);
    expect(zipped.body.length).toBeLessThan(JSON.stringify(big).length / 3);

    for (const refused of [undefined, "br", "gzip;q=0", "identity"]) {
      const plain = await send("/big", { headers: refused === undefined ? {} : { "accept-encoding": refused } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(big);
    }
    // Small answers are not worth it.
    expect((await send("/echo", { headers: { "accept-encoding": "gzip" } })).headers["content-encoding"]).toBeUndefined();
  });

  it("keeps the status and every Set-Cookie", async () => {
    const answer = await send("/cookies");
    expect(answer.status).toBe(201);
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("passes a stream on as it comes (the first event before the stream ends), uncompressed", async () => {
    const first = await new Promise<{ chunk: string; encoding: string | undefined; rest: Promise<string> }>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/stream`, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let rest = "";
        const ended = new Promise<string>((done) => res.on("end", () => done(rest)));
        res.once("data", (chunk: Buffer) => {
          resolve({ chunk: chunk.toString(), encoding: res.headers["content-encoding"], rest: ended });
          res.on("data", (more: Buffer) => (rest += more.toString()));
        });
      });
      req.on("error", reject);
      req.end();
    });
    expect(first.chunk).toBe("data: first\n\n");
    expect(first.encoding).toBeUndefined();
    streamState.release();
    expect(await first.rest).toBe("data: second\n\n");
    expect(streamState.aborted).toBe(false);
  });

  it("a client that goes mid-stream aborts the handler's signal and cancels its stream", async () => {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/stream`, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => undefined);
      req.end();
      setTimeout(() => reject(new Error("no first chunk")), 5000);
    });
    await expect.poll(() => streamState.aborted && streamState.cancelled).toBe(true);
  });

  it("a handler that throws answers the BFF's shared 500 body, with the error id the log names, without its message", async () => {
    const logs = captureLogs();
    try {
      const answer = await send("/boom");
      expect(answer.status).toBe(500);
      expect(answer.body.toString()).not.toContain("exploded");
      const body = JSON.parse(answer.body.toString()) as { error: { code: number; message: string; metadata: { error_id: string } } };
      // The very body defineRoute gives for an unexpected error (lib/server/http/errors.ts), headers included.
      const shared = (await toErrorResponse(new Error("x")).json()) as typeof body;
      expect(body.error).toMatchObject({ code: 500, message: shared.error.message });
      expect(body.error.metadata.error_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(logs.lines.find((line) => line.error_id === body.error.metadata.error_id)).toMatchObject({ level: "error", msg: "unexpected error", err: { message: "handler exploded" } });
    } finally {
      logs.restore();
    }
  });
});
