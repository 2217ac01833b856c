/**
 * The BFF in a process of its own that watches its own event loop, for the event-loop test of the evaluation routes
 * (lib/server/handlers/evaluation-event-loop.test.ts), as lib/embedded-gateway/testing/monitored-gateway.ts does for
 * the gateway: app/api's route handlers over HTTP on a free port (no Next), a fresh SQLite app database, the
 * evaluation runner started as the server starts it, and the gateway whose address its first argument gives (JSON
 * {baseUrl, apiKey, managementKey}). Started by lib/testing/component-bff-loader.ts with an IPC channel.
 *
 * Test only: each request carries the session of the role its `x-test-role` header names (viewer, editor, admin), so
 * two users' requests run side by side. Sends {type: "ready", baseUrl, userIds} once listening, then answers each
 * {type: "measure"} with the largest event-loop delay since the previous one.
 */
import type { Role } from "@/lib/contract/bff/schemas";
import { appContext } from "@/lib/server/config/app-context";
import { setPasswordCostForTests } from "@/lib/server/auth/password";
import { startEvaluationRunner } from "@/lib/server/services/evaluations";
import { setUpBff } from "@/lib/server/testing/test-support";
import { apiRoutesServer } from "./http-bff";
import { answerEventLoopMeasures } from "@/lib/testing/event-loop-measures";
import { scrubSettings } from "@/lib/testing/scrub-env";

const ROLES = new Set<Role>(["viewer", "editor", "admin"]);
/** Headers the test session replaces (cookie, origin) or Node sets itself. */
const DROPPED_HEADERS = new Set(["host", "origin", "referer", "cookie", "connection", "transfer-encoding", "x-test-role"]);

async function main(send: (message: unknown) => void) {
  scrubSettings();
  setPasswordCostForTests({ N: 2 ** 10, r: 8, p: 1 });
  const gateway = JSON.parse(process.argv[3] ?? "{}") as { baseUrl: string; apiKey: string; managementKey: string };
  const bff = await setUpBff(gateway, { EVAL_MAX_COST_PER_RUN_USD: "20", MODEL_MAX_COST_PER_DAY_USD: "1000" });
  const runner = startEvaluationRunner(await appContext());
  // The content length is kept: a streamed import refuses a declared size over its limit before reading.
  const server = apiRoutesServer(bff, {
    droppedHeaders: DROPPED_HEADERS,
    roleOf: (incoming) => {
      const header = incoming.headers["x-test-role"];
      return typeof header === "string" && ROLES.has(header as Role) ? (header as Role) : null;
    },
  });

  // As the dashboard's own server keeps them (SERVER_KEEP_ALIVE_TIMEOUT_MS): Node's 5 s default would close a
  // polled keep-alive connection just as the next poll is sent on it, a reset that is no part of what is measured.
  server.keepAliveTimeout = 65_000;
  answerEventLoopMeasures(send);
  process.on("disconnect", () => {
    server.close();
    void Promise.all([runner.stop(), bff.cleanup()]).finally(() => process.exit(0));
  });
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    send({ type: "ready", baseUrl: `http://127.0.0.1:${port}`, userIds: bff.userIds });
  });
}

if (!process.send) throw new Error("monitored-bff-main.ts needs an IPC channel (child_process.fork)");
void main(process.send.bind(process));
