import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { startPostgresServer, type PostgresServer } from "@/lib/testing/postgres-server";
import { appContext } from "../config/app-context";
import { getMe, updateUser } from "../handlers/users";
import { checkHealth, checkReadiness } from "../config/health";
import { evaluationRunner, startEvaluationRunner, stopEvaluationRunner } from "../services/evaluations";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";

// Issue 15: the shared database going away mid-use. A server of its own, since this one is stopped
// and started again; the BFF's requests go through the real route handlers.

let server: PostgresServer;
let gateway: EmbeddedGateway;
let bff: BffTestEnv;
let databaseUrl: string;

beforeAll(async () => {
  server = await startPostgresServer();
  databaseUrl = await server.createDatabase("outage");
  // A gateway that answers, so that /api/health's verdict is the database's alone.
  gateway = await startTestGateway({ seed: false });
  bff = await setUpBff(gateway, { DATABASE_URL: databaseUrl });
  startEvaluationRunner(await appContext());
});
afterAll(async () => {
  await stopEvaluationRunner();
  await bff?.cleanup();
  await gateway?.close();
  await server?.stop();
});

async function me(): Promise<Response> {
  return getMe(bff.request("/api/me", { role: "editor" }), params({}));
}

async function renameViewer(name: string): Promise<Response> {
  const id = bff.userIds.viewer;
  return updateUser(bff.request(`/api/users/${id}`, { role: "admin", method: "PATCH", json: { name, role: "editor" } }), params({ id }));
}

describe("the app database going away", () => {
  it("answers 503 in the contract's shape while it is down, says nothing of where it is, and recovers", async () => {
    expect((await me()).status).toBe(200);
    expect(await checkHealth()).toEqual({ status: "ok", database: "reachable", gateway: "reachable" });

    await server.pause();
    try {
      const down = await me();
      expect(down.status).toBe(503);
      expect(down.headers.get("retry-after")).toBe("5");
      const body = (await down.json()) as { error: { code: number; message: string } };
      expect(body).toEqual({ error: { code: 503, message: expect.stringMatching(/cannot reach its database/), metadata: { retry_after: 5 } } });
      const text = JSON.stringify(body);
      const url = new URL(databaseUrl);
      for (const secret of [url.password, url.username, url.port, url.pathname.slice(1)]) expect(text).not.toContain(secret);

      // A write refused while the database is away changes nothing, half or whole.
      expect((await renameViewer("Renamed during the outage")).status).toBe(503);
      expect(await checkHealth()).toEqual({ status: "unavailable", database: "unreachable", gateway: "reachable" });
      // Readiness (GET /api/health/ready, issue 40) names the database, and only it.
      expect(await checkReadiness(evaluationRunner())).toEqual({ status: "not_ready", database: "unreachable", gateway: "reachable", runner: "running", not_ready: ["database"] });
    } finally {
      await server.resume();
    }

    expect((await me()).status).toBe(200);
    expect(await checkHealth()).toEqual({ status: "ok", database: "reachable", gateway: "reachable" });
    expect(await checkReadiness(evaluationRunner())).toMatchObject({ status: "ready", not_ready: [] });
    const viewer = await (await appContext()).users.findById(bff.userIds.viewer);
    expect(viewer).toMatchObject({ name: "Test viewer", role: "viewer" });
    // And the same write goes through once it is back.
    expect((await renameViewer("Renamed after")).status).toBe(200);
  });
});
