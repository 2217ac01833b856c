/**
 * `npm run eval -- --questions <file> --preset <slug> --versions <a,b> ...`: evaluation runs for CI, with no
 * dashboard running (lib/server/cli/eval.ts). Exit 0: every version reached --min-pass; 1: one did not;
 * 2: a usage error (a bad flag or file, an unknown preset or version), with a message naming it.
 */
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { startEmbeddedGateway } from "../lib/embedded-gateway/server";
import { runEvalCli } from "../lib/server/cli/eval";
import { setLogService } from "../lib/observability/logger";

// Standard output is the report: log lines go to standard error, warnings and worse unless LOG_LEVEL says otherwise.
setLogService("cli", { toStderr: true });
process.env.LOG_LEVEL ||= "warn";

async function main(): Promise<void> {
  const code = await runEvalCli(process.argv.slice(2), {
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
