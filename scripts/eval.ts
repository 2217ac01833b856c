/**
 * `npm run eval -- --questions <file> --preset <slug> --versions <a,b> ...`: evaluation runs for CI, with no
 * dashboard running (lib/server/cli/eval.ts), or driving one (--server). Exit 0: every gate passed; 1: a version
 * is below --min-pass or a question regressed against --baseline; 2: a usage or infrastructure error, with a
 * message naming it; 130: interrupted (Ctrl-C; the state is kept for --resume).
 */
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { startEmbeddedGateway } from "../lib/embedded-gateway/server";
import { runEvaluationCli } from "../lib/server/cli/eval";
import { setLogService } from "../lib/observability/logger";

// Standard output is the report: log lines go to standard error, warnings and worse unless LOG_LEVEL says otherwise.
setLogService("cli", { toStderr: true });
process.env.LOG_LEVEL ||= "warn";

async function main(): Promise<void> {
  // The first Ctrl-C stops the run where it is (what is answered is kept for --resume); a second one ends at once.
  const interrupt = new AbortController();
  process.on("SIGINT", () => {
    if (interrupt.signal.aborted) process.exit(130);
    process.stderr.write("gatehouse eval: stopping (Ctrl-C again to quit at once)\n");
    interrupt.abort();
  });
  const code = await runEvaluationCli(process.argv.slice(2), {
    signal: interrupt.signal,
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    readFile: (file) => readFile(file, "utf8"),
    writeFile: (file, text) => writeFile(file, text),
    env: process.env,
    startEmbeddedGateway: async (dataDir) => {
      const apiKey = randomBytes(24).toString("hex");
      const gateway = await startEmbeddedGateway({ dataDir, port: 0, apiKey, managementKey: randomBytes(24).toString("hex"), log: false });
      return { baseUrl: gateway.baseUrl, apiKey, close: () => gateway.close() };
    },
  });
  process.exit(code);
}

void main();
