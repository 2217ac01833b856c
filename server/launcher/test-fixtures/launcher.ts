import path from "node:path";
import { embeddedGatewayCommand } from "../embedded-gateway-command";
import { exitWithSupervisor, startSupervisor } from "../supervisor";

/**
 * server/start.ts as its tests run it: the real embedded gateway started the way start.ts starts it, in front
 * of a stand-in dashboard server (the real one needs a production build), with short restart pauses so that a
 * gateway killed again and again reaches the crash limit within a test's time, and a crash window of 10 minutes
 * so that a slow machine (five gateway starts taking over a minute) still reaches it.
 */
const root = path.resolve(__dirname, "..", "..", "..");
const env = { ...process.env };
const supervisor = startSupervisor({
  gateway: embeddedGatewayCommand(root, env, 0),
  dashboard: (gateway) => ({
    command: process.execPath,
    args: ["--import", "tsx", path.join(__dirname, "stand-in-dashboard.ts")],
    cwd: root,
    env: { ...env, GATEWAY_URL: gateway?.baseUrl, GATEWAY_API_KEY: gateway?.apiKey },
  }),
  restartDelayMs: 100,
  crashWindowMs: 600_000,
  stopGraceMs: Number(process.env.TEST_STOP_GRACE_MS || 4_000),
});
void exitWithSupervisor(supervisor);
