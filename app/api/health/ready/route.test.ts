import { afterEach, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { appContext } from "@/lib/server/config/app-context";
import { startEvaluationRunner, stopEvaluationRunner } from "@/lib/server/services/evaluations";
import { setUpBff, type BffTestEnv } from "@/lib/server/testing/test-support";
import { GET } from "./route";

/*
 * Issue 40 item 5: GET /api/health/ready says whether this instance can take traffic (its database, the gateway,
 * its evaluation runner), naming the parts that cannot and never where they are. The database going away:
 * lib/server/db/database-outage.test.ts (a PostgreSQL of its own, paused).
 */

let bff: BffTestEnv | undefined;
let gateway: EmbeddedGateway | undefined;

afterEach(async () => {
  await stopEvaluationRunner();
  await bff?.cleanup();
  await gateway?.close();
  bff = undefined;
  gateway = undefined;
});

async function ready(): Promise<{ status: number; cacheControl: string | null; text: string }> {
  const response = await GET();
  return { status: response.status, cacheControl: response.headers.get("cache-control"), text: await response.text() };
}

/** The gateway probe is shared for a second (lib/server/config/health.ts): poll past it. */
async function pollReady(status: number): Promise<{ status: number; cacheControl: string | null; text: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await ready();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /api/health/ready", () => {
  it("answers 200 when the database, the gateway and the runner are ready, and 503 naming the gateway once it is unreachable", async () => {
    gateway = await startTestGateway({ seed: false });
    const { baseUrl, port, apiKey, managementKey } = gateway;
    bff = await setUpBff(gateway);
    startEvaluationRunner(await appContext());

    const up = await pollReady(200);
    expect(up.status).toBe(200);
    expect(up.cacheControl).toBe("no-store");
    expect(JSON.parse(up.text)).toEqual({ status: "ready", database: "reachable", gateway: "reachable", runner: "running", not_ready: [] });

    await gateway.close();
    const down = await pollReady(503);
    expect(down.status).toBe(503);
    expect(down.cacheControl).toBe("no-store");
    expect(JSON.parse(down.text)).toEqual({ status: "not_ready", database: "reachable", gateway: "unreachable", runner: "running", not_ready: ["gateway"] });
    for (const secret of [baseUrl, String(port), apiKey, managementKey, bff.dataDir]) expect(down.text).not.toContain(secret);
  });

  it("answers 503 naming the runner while this instance's evaluation runner is not running", async () => {
    gateway = await startTestGateway({ seed: false });
    bff = await setUpBff(gateway);
    const answer = await pollReady(503);
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.text)).toEqual({ status: "not_ready", database: "reachable", gateway: "reachable", runner: "stopped", not_ready: ["runner"] });

    startEvaluationRunner(await appContext());
    expect((await ready()).status).toBe(200);
    await stopEvaluationRunner();
    expect(JSON.parse((await ready()).text)).toMatchObject({ status: "not_ready", runner: "stopped", not_ready: ["runner"] });
  });
});
