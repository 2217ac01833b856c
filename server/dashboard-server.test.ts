import type { Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { registerFastLane } from "./fast-lane/registry";
import { parseServerSettings } from "@/lib/server/config/server-settings";
import { createDashboardServer } from "./dashboard-server";

/**
 * The dashboard server's front door over real sockets: raw HTTP/1.1 written by hand, so the Host header
 * and the timing are exactly what a rebinding page or a slow client would send. Behind the door, a
 * stand-in for Next that answers "next", and the real fast lane with two routes registered.
 */

let server: Server | undefined;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(env: Record<string, string> = {}): Promise<number> {
  registerFastLane({
    "GET /api/files": async () => Response.json({ lane: "files" }),
    "POST /api/responses": async () => Response.json({ lane: "responses" }),
  });
  server = createDashboardServer({
    settings: parseServerSettings(env),
    precompressed: new Map(),
    fastLane: { hostname: "localhost", port: 0 },
    next: (_request, response) => response.end("next"),
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server!.address() as AddressInfo).port;
}

interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  closed(): boolean;
}

/** A raw connection; `from` picks the client's address (every 127.x.y.z is this machine on Linux). */
function open(port: number, from?: string): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: from });
    sockets.push(socket);
    let data = "";
    let closed = false;
    socket.on("data", (chunk) => (data += String(chunk)));
    socket.on("close", () => (closed = true));
    socket.on("error", () => (closed = true));
    socket.once("connect", () => resolve({ socket, received: () => data, closed: () => closed }));
    socket.once("error", reject);
  });
}

/** Polls for a condition with a deadline (no fixed sleeps). */
async function until(condition: () => boolean, what: string, deadlineMs = 10_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** One request on a connection, answered in full (keep-alive, so the connection stays open). */
async function exchange(connection: RawConnection, method: string, path: string, host: string, extra = ""): Promise<{ status: number; body: string }> {
  const before = connection.received().length;
  const body = method === "POST" ? "{}" : "";
  connection.socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${host}\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`);
  let answer = "";
  await until(() => {
    answer = connection.received().slice(before);
    const head = answer.indexOf("\r\n\r\n");
    if (head < 0) return false;
    const length = /content-length: (\d+)/i.exec(answer.slice(0, head))?.[1];
    const chunked = /transfer-encoding: chunked/i.test(answer.slice(0, head));
    return chunked ? answer.endsWith("0\r\n\r\n") : Buffer.byteLength(answer.slice(head + 4)) >= Number(length ?? 0);
  }, `an answer to ${method} ${path}`);
  return { status: Number(answer.slice(9, 12)), body: answer.slice(answer.indexOf("\r\n\r\n") + 4) };
}

async function request(port: number, method: string, path: string, host: string, extra = "") {
  return exchange(await open(port), method, path, host, extra);
}

describe("the Host allow-list (DNS rebinding)", () => {
  it("answers 421 to a foreign Host on pages, Auth.js routes and both fast-lane routes, before anything runs", async () => {
    const port = await start();
    const rebound = `rebind.attacker.test:${port}`;
    const origin = `Origin: http://${rebound}\r\n`;
    for (const [method, path] of [["GET", "/sign-in"], ["GET", "/api/auth/session"], ["POST", "/api/auth/callback/credentials"], ["GET", "/api/files"], ["POST", "/api/responses"], ["POST", "/api/users"]]) {
      const answer = await request(port, method, path, rebound, origin);
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 421, metadata: { setting: "APP_ORIGIN" } } });
    }
    // Near misses: our port under another name, a loopback name on another port, no Host at all.
    expect((await request(port, "GET", "/sign-in", `localhost.attacker.test:${port}`)).status).toBe(421);
    expect((await request(port, "GET", "/sign-in", `localhost:${port + 1}`)).status).toBe(421);
    const noHost = await open(port);
    noHost.socket.write("GET /sign-in HTTP/1.0\r\n\r\n");
    await until(() => noHost.received().includes("\r\n\r\n"), "an answer without Host");
    expect(noHost.received().slice(9, 12)).toBe("421");
  });

  it("serves this machine by name or address, and the configured public origin", async () => {
    const port = await start({ APP_ORIGIN: "https://gatehouse.example.com" });
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`, `192.0.2.10:${port}`, "gatehouse.example.com"]) {
      expect(await request(port, "GET", "/sign-in", host), host).toEqual({ status: 200, body: "next" });
      expect((await request(port, "GET", "/api/files", host)).body, host).toContain(`{"lane":"files"}`);
      expect((await request(port, "POST", "/api/responses", host)).body, host).toContain(`{"lane":"responses"}`);
    }
    expect((await request(port, "GET", "/sign-in", "gatehouse.example.com:8443")).status).toBe(421);
  });
});

describe("connection bounds", () => {
  it("closes a connection whose headers are not finished within SERVER_HEADERS_TIMEOUT_MS (slowloris)", async () => {
    const port = await start({ SERVER_HEADERS_TIMEOUT_MS: "300" });
    const slow = await open(port);
    slow.socket.write(`GET /sign-in HTTP/1.1\r\nHost: localhost:${port}\r\nX-Slow: 1\r\n`);
    // Well under Node's own 60 s: the setting is what closes it.
    await until(slow.closed, "the unfinished request to be closed", 5_000);
    expect(slow.received()).toMatch(/^(HTTP\/1\.1 408|)/);
    // A complete request on a new connection is still served.
    expect((await request(port, "GET", "/sign-in", `localhost:${port}`)).status).toBe(200);
  });

  it("refuses the connection past SERVER_MAX_CONNECTIONS, and takes one again when a slot frees", async () => {
    const port = await start({ SERVER_MAX_CONNECTIONS: "3" });
    const held = [await open(port), await open(port), await open(port)];
    for (const connection of held) expect((await exchange(connection, "GET", "/sign-in", `localhost:${port}`)).status).toBe(200);
    const extra = await open(port);
    extra.socket.write(`GET /sign-in HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    await until(extra.closed, "the connection past the cap to be closed");
    expect(extra.received()).toBe("");
    held[0].socket.destroy();
    // The server notices the close asynchronously: try until a new connection is served.
    let served = false;
    const deadline = Date.now() + 10_000;
    while (!served && Date.now() < deadline) {
      const next = await open(port);
      next.socket.write(`GET /sign-in HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      await until(() => next.closed() || next.received().includes("next"), "an answer or a refusal");
      served = next.received().includes("next");
    }
    expect(served).toBe(true);
  });

  it("refuses the connection past SERVER_MAX_CONNECTIONS_PER_CLIENT from one address while another client is still answered (issue 36, finding 10)", async () => {
    const perClient = 4;
    const port = await start({ SERVER_MAX_CONNECTIONS_PER_CLIENT: String(perClient), SERVER_MAX_CONNECTIONS: "50" });
    // Half-open: connected, not a byte sent, as the report's client held them until the header timeout.
    const held: RawConnection[] = [];
    for (let i = 0; i < perClient; i++) held.push(await open(port, "127.0.0.1"));
    const extra = await open(port, "127.0.0.1");
    await until(extra.closed, "the connection past the per-client cap to be closed");
    expect(held.some((connection) => connection.closed())).toBe(false);
    // Someone else, meanwhile, is served.
    expect((await exchange(await open(port, "127.0.0.2"), "GET", "/sign-in", `localhost:${port}`)).status).toBe(200);
    // A slot freed by the first client is theirs again.
    held[0].socket.destroy();
    let served = false;
    const deadline = Date.now() + 10_000;
    while (!served && Date.now() < deadline) {
      const next = await open(port, "127.0.0.1");
      next.socket.write(`GET /sign-in HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      await until(() => next.closed() || next.received().includes("next"), "an answer or a refusal");
      served = next.received().includes("next");
    }
    expect(served).toBe(true);
  });

  it("keeps at most SERVER_MAX_IDLE_CONNECTIONS idle keep-alive connections, closing the longest idle", async () => {
    const port = await start({ SERVER_MAX_IDLE_CONNECTIONS: "2" });
    const connections: RawConnection[] = [];
    for (let i = 0; i < 5; i++) {
      const connection = await open(port);
      expect((await exchange(connection, "GET", "/sign-in", `localhost:${port}`)).status).toBe(200);
      connections.push(connection);
    }
    await until(() => connections.slice(0, 3).every((c) => c.closed()), "the three longest idle to be closed");
    expect(connections[3].closed()).toBe(false);
    expect(connections[4].closed()).toBe(false);
    // The survivors are still usable keep-alive connections.
    expect((await exchange(connections[4], "GET", "/sign-in", `localhost:${port}`)).status).toBe(200);
  });
});

describe("request ids (X-Request-Id)", () => {
  const idOf = (connectionAnswer: string) => /\r\nx-request-id: ([^\r]+)\r\n/i.exec(connectionAnswer)?.[1];

  async function answerHead(port: number, method: string, path: string, host: string, extra = ""): Promise<string> {
    const connection = await open(port);
    await exchange(connection, method, path, host, extra);
    return connection.received();
  }

  it("answers every request with an id of its own: pages, the fast lane, a refused Host, an error", async () => {
    const port = await start();
    // The lane's files route failing: an error answer carries its id too.
    registerFastLane({ "GET /api/files": async () => Response.json({ error: { code: 500 } }, { status: 500 }), "POST /api/responses": async () => Response.json({}) });
    const ids = [
      idOf(await answerHead(port, "GET", "/sign-in", `localhost:${port}`)),
      idOf(await answerHead(port, "GET", "/api/files", `localhost:${port}`)),
      idOf(await answerHead(port, "POST", "/api/responses", `localhost:${port}`)),
      idOf(await answerHead(port, "GET", "/sign-in", "rebind.attacker.test")),
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps the id a trusted proxy sent (TRUST_PROXY_HOPS), and ignores one sent by anybody else", async () => {
    const port = await start();
    const sent = "X-Request-Id: lb-0123456789\r\n";
    expect(idOf(await answerHead(port, "GET", "/sign-in", `localhost:${port}`, sent))).not.toBe("lb-0123456789");
    const before = process.env.TRUST_PROXY_HOPS;
    process.env.TRUST_PROXY_HOPS = "1";
    try {
      expect(idOf(await answerHead(port, "GET", "/sign-in", `localhost:${port}`, sent))).toBe("lb-0123456789");
      // Even from the proxy, only what looks like an id (no spaces, no newline-forged log lines, bounded).
      expect(idOf(await answerHead(port, "GET", "/sign-in", `localhost:${port}`, `X-Request-Id: ${"x".repeat(200)}\r\n`))).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      if (before === undefined) delete process.env.TRUST_PROXY_HOPS;
      else process.env.TRUST_PROXY_HOPS = before;
    }
  });
});
