import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { captureLogs } from "@/lib/observability/testing/capture-logs";
import { startEmbeddedGateway } from "./server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-gateway-log-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("`npm run gateway` says where its keys are kept, never the keys themselves", async () => {
  const logs = captureLogs("debug");
  try {
    const gateway = await startEmbeddedGateway({ dataDir, port: 0, demoFiles: 5, corpus: "fixed", log: true });
    // A call with the key, logged (debug) as every request is.
    await fetch(`${gateway.baseUrl}/files`, { headers: { authorization: `Bearer ${gateway.apiKey}` } });
    await gateway.close();
    const output = logs.lines.map((line) => JSON.stringify(line)).join("\n");
    expect(output).toContain("embedded-gateway-keys.json");
    expect(output).toContain('"route":"/api/v1/files"');
    expect(output).not.toContain(gateway.apiKey);
    expect(output).not.toContain(gateway.managementKey);
  } finally {
    logs.restore();
  }
});
