import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../lib/testing/free-port";
import { killTree, portFromOutput, runNpmScript, signalNpmAlone, SUPERVISED_GATEWAY_PORT, waitForAnswer } from "../server/launcher/test-fixtures/npm-script";
import { expect, test } from "./fixtures";

/*
 * Issue 40 item 1 with `npm start` exactly as the README runs it (the production build this suite was started on):
 * a signal to npm alone, as systemd, `docker stop` with npm as PID 1 or pm2 send it, stops the launcher, the
 * embedded gateway and the dashboard server within 5 s and frees both ports. `npm run gateway` and `npm run dev`:
 * server/signals.test.ts; `node server/launch.mjs` signalled directly: supervisor.spec.ts.
 */

test.describe.configure({ mode: "parallel" });

// SIGINT takes npm's path of SIGTERM (npm forwards both alike): server/signals.test.ts sends it to `npm run gateway`.
for (const [signal, exit] of [
  ["SIGTERM", { code: 0, signal: null }],
  // npm does not handle SIGHUP and dies of it; the launcher sees npm go and stops everything.
  ["SIGHUP", { code: null, signal: "SIGHUP" }],
] as const) {
  test(`npm start stops every process of it within 5 s on ${signal} to npm alone and frees its ports`, async () => {
    test.setTimeout(180_000);
    const appPort = await freePort();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-npm-start-"));
    const script = runNpmScript(["start"], {
      PORT: String(appPort),
      GATEWAY_PORT: "0",
      DATA_DIR: dataDir,
      GATEHOUSE_ENV_FILE: "none",
      EMBEDDED_GATEWAY_DEMO_FILES: "20",
      NEXT_TELEMETRY_DISABLED: "1",
    });
    try {
      const gatewayPort = await portFromOutput(script, SUPERVISED_GATEWAY_PORT, 120_000);
      await waitForAnswer(script, `http://127.0.0.1:${appPort}/api/health`, (status) => status === 200, 120_000);
      const after = await signalNpmAlone(script, signal, [appPort, gatewayPort]);
      // npm, the launcher, the gateway and the dashboard server: no shell between npm and the launcher.
      expect(after.tree.length).toBeGreaterThanOrEqual(4);
      expect(after.exit, script.output()).toEqual(exit);
      expect(after.left).toEqual([]);
      expect(after.busyPorts).toEqual([]);
    } finally {
      killTree(script);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
