import { exitWithParent } from "./launcher/exit-with-parent";
import { reportGatewayReady } from "./launcher/ready-message";
import { onStopRequest } from "./launcher/stop-request";
import { startEmbeddedGateway } from "@/lib/embedded-gateway/server";
import { loggerFor, setLogService } from "@/lib/observability/logger";

setLogService("gateway");

/**
 * The embedded gateway on its own: `npm run gateway` (for other clients and for tests), and the child process
 * `npm start` supervises (server/start.ts). Every setting comes from the environment (DATA_DIR, GATEWAY_PORT,
 * EMBEDDED_GATEWAY_*). Under the launcher it reports its address and keys over the IPC channel once it
 * listens, and ends when the launcher is gone.
 */
async function main() {
  const gateway = await startEmbeddedGateway({ log: true });
  onStopRequest(() => void gateway.close().then(() => process.exit(0)));
  exitWithParent(() => gateway.close());
  reportGatewayReady({ baseUrl: gateway.baseUrl, port: gateway.port, apiKey: gateway.apiKey, managementKey: gateway.managementKey });
}

main().catch((error: unknown) => {
  loggerFor("gateway").fatal({ err: error }, `the embedded gateway failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
