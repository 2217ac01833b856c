import path from "node:path";
import type { GatewayReady } from "./ready-message";
import type { ChildCommand } from "./supervisor";

/**
 * How the launcher starts the embedded gateway (lib/embedded-gateway/main.ts) as a child: under tsx, with every
 * setting in the environment (DATA_DIR, EMBEDDED_GATEWAY_*, ...). A restart reuses the port the first run
 * listens on (GATEWAY_PORT=0 picks one once) and its keys, which the dashboard server was started with.
 */
export function embeddedGatewayCommand(root: string, env: NodeJS.ProcessEnv, port: number): (previous: GatewayReady | null) => ChildCommand {
  const script = path.join(root, "lib", "embedded-gateway", "main.ts");
  return (previous) => ({
    command: process.execPath,
    args: ["--import", "tsx", script],
    cwd: root,
    env: {
      ...env,
      GATEWAY_PORT: String(previous?.port ?? port),
      ...(previous ? { EMBEDDED_GATEWAY_API_KEY: previous.apiKey, EMBEDDED_GATEWAY_MANAGEMENT_KEY: previous.managementKey } : {}),
    },
  });
}
