import { createServer } from "node:http";
import { exitWithParent } from "../exit-with-parent";

/**
 * A dashboard server in miniature for the supervisor's tests: every request is relayed to the gateway's
 * GET /models with the key the launcher handed over, as the real BFF would (502 when it cannot reach it).
 * `kill -9` it, or its launcher, like the real one.
 */
const server = createServer((_request, response) => {
  fetch(`${process.env.GATEWAY_URL}/models`, { headers: { authorization: `Bearer ${process.env.GATEWAY_API_KEY}` } })
    .then(async (upstream) => {
      response.writeHead(upstream.status, { "content-type": "application/json" });
      response.end(await upstream.text());
    })
    .catch(() => {
      response.writeHead(502);
      response.end("cannot reach the gateway");
    });
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
exitWithParent(() => new Promise((resolve) => server.close(() => resolve())));
