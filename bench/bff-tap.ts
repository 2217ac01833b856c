/**
 * The bench's tap (bench/bff.ts starts it): an HTTP pass-through between the app and the embedded
 * gateway that notes when each event of a response stream left the gateway, so the benchmark can
 * tell what the BFF adds to every single event (arrival at the client minus passage here).
 * Times are `performance.timeOrigin + performance.now()`, comparable across processes.
 *
 *   TAP_PORT     where it listens (0 or unset: a port the OS picks; it prints "tap listening on <origin>")
 *   TAP_TARGET   the gateway's origin (http://127.0.0.1:<port>), required
 *   GET /__tap/events?ids=a,b -> {"a":[t0,t1,...]} (index = sequence_number)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { passThrough } from "./pass-through";

if (!process.env.TAP_TARGET) throw new Error("TAP_TARGET (the gateway's origin) is required");
const port = Number(process.env.TAP_PORT ?? 0);
const target = new URL(process.env.TAP_TARGET);
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const passed = new Map<string, number[]>();
const now = () => performance.timeOrigin + performance.now();

const server = http.createServer((req, res) => {
  if (req.url?.startsWith("/__tap/events")) {
    const ids = new URL(req.url, "http://tap").searchParams.get("ids")?.split(",") ?? [];
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(Object.fromEntries(ids.map((id) => [id, passed.get(id) ?? []]))));
    for (const id of ids) passed.delete(id);
    return;
  }
  passThrough(req, res, target, agent, (up) => {
    const sse = String(up.headers["content-type"] ?? "").startsWith("text/event-stream");
    let pending = "";
    let times: number[] | null = null;
    return (chunk) => {
      const at = now();
      if (!sse) return;
      pending += chunk.toString("utf8");
      let split: number;
      while ((split = pending.indexOf("\n\n")) >= 0) {
        const block = pending.slice(0, split);
        pending = pending.slice(split + 2);
        if (!block.startsWith("data: {")) continue;
        const event = JSON.parse(block.slice(6)) as { sequence_number?: number; response?: { id?: string } };
        if (!times && event.response?.id) {
          times = [];
          passed.set(event.response.id, times);
        }
        if (times && typeof event.sequence_number === "number") times[event.sequence_number] = at;
      }
    };
  });
});

server.listen(port, "127.0.0.1", () => console.log(`tap listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
