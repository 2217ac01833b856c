import { afterAll, expect, it, vi } from "vitest";
import { createGatewayApp } from "./app";
import { createGatewayContext } from "./server";

const { ctx } = createGatewayContext({ dbFile: ":memory:", apiKey: "k-api", managementKey: "k-mgmt", seed: false, corpus: "fixed" });
afterAll(() => ctx.db.close());

it("turns an unexpected exception into a bare 500 that leaks nothing", async () => {
  const app = createGatewayApp(ctx);
  ctx.presets.list = () => {
    throw new Error("SQLITE_CORRUPT at /srv/secret/embedded-gateway.db (key sk-gh-secret)");
  };
  const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const response = await app.fetch(new Request("http://gateway.test/api/v1/presets", { headers: { authorization: "Bearer k-api" } }));
  expect(response.status).toBe(500);
  const text = await response.text();
  expect(JSON.parse(text)).toEqual({ error: { code: 500, message: "Internal Server Error" } });
  expect(text).not.toMatch(/SQLITE|secret|srv/);
  // The operator still sees what went wrong.
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});
