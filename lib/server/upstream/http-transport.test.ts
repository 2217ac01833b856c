import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { bufferedBody, bufferedRequest } from "./http-transport";

/**
 * A gateway that answers the first request on each connection with keep-alive, then resets the connection
 * when a second request arrives on it: what a server closing an idle kept-alive connection looks like to a
 * client that sent its next request on it at that moment (seen as ECONNRESET between the BFF and the gateway).
 */
async function resettingServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    let requests = 0;
    socket.on("data", (chunk) => {
      if (!chunk.toString("latin1").includes("\r\n\r\n")) return;
      requests += 1;
      if (requests > 1) {
        socket.resetAndDestroy();
        return;
      }
      socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\nok");
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1/responses`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        // The client's agent keeps its connection open: close it from here, or close() waits for it.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const post = (url: string) => bufferedRequest(url, { method: "POST", headers: new Headers({ "content-type": "application/json" }), body: "{}", timeoutMs: 5_000 });

describe("bufferedRequest over a kept-alive connection", () => {
  it("sends a request again on a new connection when the reused one was reset before any answer", async () => {
    const server = await resettingServer();
    closers.push(server.close);
    const first = await post(server.url);
    expect(bufferedBody(first)?.toString()).toBe("ok");
    // Goes out on the kept-alive connection, which the server resets: answered on a second connection.
    const second = await post(server.url);
    expect(second.status).toBe(200);
    expect(bufferedBody(second)?.toString()).toBe("ok");
    expect(server.connections()).toBe(2);
  });

  it("does not resend a request whose own, new connection was reset", async () => {
    const server = net.createServer((socket) => {
      socket.on("data", () => socket.resetAndDestroy());
      socket.on("error", () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    let connections = 0;
    server.on("connection", () => (connections += 1));
    const { port } = server.address() as net.AddressInfo;
    await expect(post(`http://127.0.0.1:${port}/api/v1/responses`)).rejects.toThrow(/fetch failed/);
    expect(connections).toBe(1);
  });
});
