import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface CountingProxy {
  /** What the BFF is pointed at: this proxy, with the gateway's base path. */
  baseUrl: string;
  /** "GET /api/v1/videos/abc" for every request passed on, oldest first. */
  seen: string[];
  /** How many requests had `method` and a path ending in `path` (a string) or matching it (a pattern). */
  count(method: string, path: string | RegExp): number;
  /** Sends the next requests to another gateway (same base path and keys). */
  retarget(baseUrl: string): void;
  close(): Promise<void>;
}

/**
 * A pass-through proxy in front of a test gateway that records each request, so a test can count
 * what the BFF really sent upstream (polls within a backoff, submissions of a replayed request).
 * Bodies stream both ways untouched.
 */
export async function startCountingProxy(gatewayBaseUrl: string): Promise<CountingProxy> {
  let target = new URL(gatewayBaseUrl);
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${(req.url ?? "/").split("?")[0]}`);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    seen,
    count: (method, path) =>
      seen.filter((line) => {
        const [m, p] = line.split(" ");
        return m === method && (typeof path === "string" ? p.endsWith(path) : path.test(p));
      }).length,
    retarget(baseUrl) {
      target = new URL(baseUrl);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
