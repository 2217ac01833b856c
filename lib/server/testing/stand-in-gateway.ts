import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage["headers"];
  body: unknown;
}

export interface StandInAnswer {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface StandInGateway {
  baseUrl: string;
  apiKey: string;
  managementKey: string;
  /** Every request received, oldest first. */
  requests: StandInRequest[];
  close(): Promise<void>;
}

/**
 * A tiny HTTP server standing in for the real gateway in tests, for answers the embedded gateway
 * never gives (fields left out, string error codes, catalog entries of a newer schema). Listens
 * on an ephemeral loopback port; `answer` decides each reply.
 */
export async function startStandInGateway(answer: (request: StandInRequest) => StandInAnswer): Promise<StandInGateway> {
  const requests: StandInRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const request = { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers, body };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      res.end(reply.json === undefined ? "" : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey: "stand-in-api-key",
    managementKey: "stand-in-management-key",
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
