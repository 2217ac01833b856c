import { afterAll, expect, it } from "vitest";
import { captureLogs } from "@/lib/observability/testing/capture-logs";
import { createGatewayApp } from "./app";
import { createGatewayContext } from "./server";

const { ctx } = createGatewayContext({ dbFile: ":memory:", apiKey: "k-api", managementKey: "k-mgmt", seed: false, corpus: "fixed" });
afterAll(() => ctx.db.close());

it("turns an unexpected exception into a bare 500 that leaks nothing", async () => {
  const app = createGatewayApp(ctx);
  ctx.presets.list = () => {
    throw new Error("SQLITE_CORRUPT at /srv/secret/embedded-gateway.db (key sk-gh-secret)");
  };
  const logs = captureLogs();
  const response = await app.fetch(new Request("http://gateway.test/api/v1/presets", { headers: { authorization: "Bearer k-api" } }));
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: { code: 500, message: "Internal Server Error" } });
  expect(text).not.toMatch(/SQLITE|secret|srv/);
  // The operator still sees what went wrong, under the gateway's id of the request (its X-Request-Id).
  logs.restore();
  const line = logs.lines.find((entry) => entry.msg === "unhandled error");
  expect(line).toMatchObject({ level: "error", err: { message: expect.stringContaining("SQLITE_CORRUPT") } });
  expect(line?.request_id).toBe(response.headers.get("x-request-id"));
});
