import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { checkHealth } from "@/lib/server/config/health";
import { setUpBff, type BffTestEnv } from "@/lib/server/testing/test-support";
import { GET } from "./route";

/*
 * Issue 24 item 6: GET /api/health says when the model gateway does not answer (an embedded gateway being
 * restarted by `npm start`'s supervisor, a remote one that is down), without saying where it is.
 */

let bff: BffTestEnv | undefined;
const servers: Server[] = [];

afterEach(async () => {
  await bff?.cleanup();
  bff = undefined;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
afterAll(async () => {
  await bff?.cleanup();
});

async function health(): Promise<{ status: number; cacheControl: string | null; text: string }> {
  const response = await GET();
  return { status: response.status, cacheControl: response.headers.get("cache-control"), text: await response.text() };
}

async function pollHealth(status: number): Promise<{ status: number; cacheControl: string | null; text: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await health();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A plain HTTP server standing in for a gateway, counting the requests it gets. */
async function countingServer(handler: (respond: () => void) => void): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests++;
    handler(() => response.end("{}"));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, requests: () => requests };
}

describe("GET /api/health and the gateway", () => {
  it("answers 503 naming the gateway unreachable while it is down, says nothing of where it is, and 200 once it is back", async () => {
    let gateway: EmbeddedGateway = await startTestGateway();
    const { port, apiKey, managementKey, baseUrl } = gateway;
    bff = await setUpBff(gateway);
    try {
      const up = await pollHealth(200);
      expect(up.status).toBe(200);
      expect(JSON.parse(up.text)).toEqual({ status: "ok", database: "reachable", gateway: "reachable" });

      await gateway.close();
      const down = await pollHealth(503);
      expect(down.status).toBe(503);
      expect(down.cacheControl).toBe("no-store");
      expect(JSON.parse(down.text)).toEqual({ status: "unavailable", database: "reachable", gateway: "unreachable" });
      for (const secret of [baseUrl, String(port), apiKey, managementKey]) expect(down.text).not.toContain(secret);

      // The supervisor starts it again on the same port.
      gateway = await startTestGateway({ port });
      const back = await pollHealth(200);
      expect(JSON.parse(back.text)).toEqual({ status: "ok", database: "reachable", gateway: "reachable" });
    } finally {
      await gateway.close();
    }
  });

  it("counts a gateway that does not answer within a second as unreachable", async () => {
    const silent = await countingServer(() => undefined);
    bff = await setUpBff({ baseUrl: silent.url, apiKey: "k" });
    expect(await checkHealth()).toEqual({ status: "unavailable", database: "reachable", gateway: "unreachable" });
  });

  it("asks the gateway at most once a second however many health checks come in", async () => {
    const gateway = await countingServer((respond) => respond());
    bff = await setUpBff({ baseUrl: gateway.url, apiKey: "k" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkHealth()));
    for (const answer of answers) expect(answer).toEqual({ status: "ok", database: "reachable", gateway: "reachable" });
    expect(gateway.requests()).toBe(1);
  });
});
