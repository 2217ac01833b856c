/**
 * The HTTP pass-through the benches put between the app and the gateway (bench/bff-tap.ts notes when events pass,
 * bench/pages.ts counts calls): the request goes on with its path, method and headers (Host rewritten), the answer
 * comes back as it arrives, and a connection dropped on either side is dropped on the other.
 */
import http from "node:http";

/** Called with the gateway's answer before it flows; what it returns sees each chunk, after the chunk is sent on. */
export type AnswerWatcher = (answer: http.IncomingMessage) => (chunk: Buffer) => void;

export function passThrough(req: http.IncomingMessage, res: http.ServerResponse, target: URL, agent: http.Agent, watch?: AnswerWatcher): void {
  const upstream = http.request(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (watch) {
        const seen = watch(up);
        up.on("data", (chunk: Buffer) => {
          res.write(chunk);
          seen(chunk);
        });
        up.on("end", () => res.end());
      } else {
        up.pipe(res);
      }
      up.on("error", () => res.destroy());
      res.on("close", () => up.destroy());
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
}
