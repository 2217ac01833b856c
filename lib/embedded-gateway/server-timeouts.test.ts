import fs from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { startEmbeddedGateway } from "./server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-gateway-timeouts-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("closes a connection whose headers are not finished within headersTimeoutMs (slowloris)", async () => {
  const gateway = await startEmbeddedGateway({ dataDir, port: 0, demoFiles: 5, corpus: "fixed", headersTimeoutMs: 300 });
  const socket = connect(gateway.port, "127.0.0.1");
  try {
    let closed = false;
    socket.on("data", () => undefined); // read, so the server's close is seen
    socket.on("close", () => (closed = true));
    socket.on("error", () => (closed = true));
    socket.write(`GET /api/v1/models HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\nX-Slow: 1\r\n`);
    // Polled with a deadline well under Node's own 60 s: the setting is what closes it.
    const deadline = Date.now() + 5_000;
    while (!closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(true);
  } finally {
    socket.destroy();
    await gateway.close();
  }
});
