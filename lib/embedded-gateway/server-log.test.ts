import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { startEmbeddedGateway } from "./server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-gateway-log-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("`npm run gateway` says where its keys are kept, never the keys themselves", async () => {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
  const gateway = await startEmbeddedGateway({ dataDir, port: 0, demoFiles: 5, corpus: "fixed", log: true });
  spy.mockRestore();
  await gateway.close();
  const output = lines.join("\n");
  expect(output).toContain("embedded-gateway-keys.json");
  expect(output).not.toContain(gateway.apiKey);
  expect(output).not.toContain(gateway.managementKey);
});
