/**
 * What a supervised embedded gateway tells the launcher once it listens (over the IPC channel the launcher
 * opened, never through a log): where it is and the keys the dashboard needs.
 */
export interface GatewayReady {
  type: "gatehouse:gateway-ready";
  baseUrl: string;
  port: number;
  apiKey: string;
  managementKey: string;
}

export function isGatewayReady(message: unknown): message is GatewayReady {
  if (!message || typeof message !== "object") return false;
  const m = message as Record<string, unknown>;
  return (
    m.type === "gatehouse:gateway-ready" &&
    typeof m.baseUrl === "string" &&
    Number.isInteger(m.port) &&
    typeof m.apiKey === "string" &&
    typeof m.managementKey === "string"
  );
}

/** Sends the ready message when a launcher started this process with an IPC channel; nothing otherwise. */
export function reportGatewayReady(ready: Omit<GatewayReady, "type">): void {
  if (!process.send || !process.connected) return;
  const message: GatewayReady = { type: "gatehouse:gateway-ready", ...ready };
  process.send(message);
}
