import { entryPointArgs } from "../entry-point";
import type { GatewayReady } from "./ready-message";
import type { ChildCommand } from "./supervisor";

/**
 * How the launcher starts the embedded gateway (server/embedded-gateway.ts) as a child: compiled with plain node
 * under `npm start`, under tsx from source (dev, tests), with every
 * setting in the environment (DATA_DIR, EMBEDDED_GATEWAY_*, ...). A restart reuses the port the first run
 * listens on (GATEWAY_PORT=0 picks one once) and its keys, which the dashboard server was started with.
 */
export function embeddedGatewayCommand(root: string, env: NodeJS.ProcessEnv, port: number): (previous: GatewayReady | null) => ChildCommand {
  const args = entryPointArgs(root, "embedded-gateway");
  return (previous) => ({
    command: process.execPath,
    args,
    cwd: root,
    env: {
      ...env,
      GATEWAY_PORT: String(previous?.port ?? port),
      ...(previous ? { EMBEDDED_GATEWAY_API_KEY: previous.apiKey, EMBEDDED_GATEWAY_MANAGEMENT_KEY: previous.managementKey } : {}),
    },
  });
}
