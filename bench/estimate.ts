/**
 * `npm run bench:estimate`: how an evaluation's estimate compares with what the run then spends (issue 38 part 4).
 * Each plan runs through the CLI's path (lib/server/cli/eval.ts: the dashboard's services, runner and ledger in a
 * throwaway database) against an embedded gateway answering at once (time scale 0; its prices and usage are the
 * demo's): the demo run's plan (web-research v2 and v3 on the demo questions, its three checks, the demo judge) and
 * a models-only plan (gatehouse/scholar and gatehouse/swift, one text check). For each: the estimate's range from
 * the real requests (low to high, what the ledger reserves), the ledger's actual, where the actual falls in the range
 * and the high end over the actual (the estimates were 1.6× to 12× over). Writes its section of
 * docs/benchmarks.md (BENCH_DOCS=0: print only).
 */
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startEmbeddedGateway } from "../lib/embedded-gateway/server";
import { runEvaluationCli } from "../lib/server/cli/eval";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { benchLog, root, runBench } from "./support";

const log = benchLog("bench:estimate");
const DEMO_QUESTIONS = path.join(root, "lib/evaluations/demo/web-research-questions.jsonl");

const PLANS: { name: string; args: string[] }[] = [
  {
    name: "demo run: web-research v2 vs v3, 3 checks (judge)",
    args: ["--preset", "web-research", "--versions", "2,3", "--check", "min-citations:2", "--check", "no-domain:example.net", "--check", "citation-support"],
  },
  { name: "models only: scholar vs swift, 1 text check", args: ["--model", "gatehouse/scholar", "--model", "gatehouse/swift", "--check", "min-length:20"] },
];

/** "$0.1234" as the CLI prints it, back to a number. */
const usd = (text: string) => Number(text.replace("$", ""));

async function runPlan(args: string[]): Promise<{ low: number; high: number; actual: number; unknown: number }> {
  let err = "";
  const code = await runEvaluationCli(["--questions", DEMO_QUESTIONS, "--concurrency", "8", "--max-cost", "20", ...args], {
    out: () => {},
    err: (text) => void (err += text),
    readFile: (file) => readFile(file, "utf8"),
    writeFile: (file, text) => writeFile(file, text),
    env: {},
    startEmbeddedGateway: async (dataDir) => {
      const apiKey = randomBytes(24).toString("hex");
      const gateway = await startEmbeddedGateway({ dataDir, port: 0, apiKey, managementKey: randomBytes(24).toString("hex"), log: false, answerTimeScale: 0 });
      return { baseUrl: gateway.baseUrl, apiKey, close: () => gateway.close() };
    },
  });
  if (code !== 0) throw new Error(`the CLI exited ${code}:\n${err}`);
  const estimated = /estimated (\$[\d.]+)–(\$[\d.]+) \(low/.exec(err);
  const spent = /spent (\$[\d.]+) of the estimated/.exec(err);
  if (!estimated || !spent) throw new Error(`the CLI's output has no estimate or spending line:\n${err}`);
  const unknown = /\((\$[\d.]+) of it reserves kept/.exec(err);
  return { low: usd(estimated[1]), high: usd(estimated[2]), actual: usd(spent[1]), unknown: unknown ? usd(unknown[1]) : 0 };
}

runBench("bench:estimate", async () => {
  const rows: (string | number)[][] = [];
  for (const plan of PLANS) {
    log(`running ${plan.name}`);
    const { low, high, actual, unknown } = await runPlan(plan.args);
    const within = actual >= low && actual <= high;
    const place = high > low ? `${Math.round(((actual - low) / (high - low)) * 100)} %` : "–";
    rows.push([plan.name, `$${low.toFixed(4)}–$${high.toFixed(4)}`, `$${actual.toFixed(4)}`, within ? "yes" : "**no**", place, actual > 0 ? `${(high / actual).toFixed(1)}×` : "–", `$${unknown.toFixed(4)}`]);
    log(`${plan.name}: estimate $${low}–$${high}, actual $${actual} (${within ? "within" : "OUTSIDE"} the range)`);
  }
  const table = markdownTable(["plan", "estimate (low–high)", "actual (ledger)", "within", "actual's place in the range", "high ÷ actual", "kept reserves"], rows);
  console.log(table);
  writeBenchmarkSection(
    "estimate",
    "npm run bench:estimate",
    `Estimate against actual (issue 38 part 4): each plan on the demo questions through the CLI's path, the embedded gateway answering at once. The range comes from the real requests: low (each request's text at four bytes a token, short answers, the searches billed), high (what the ledger reserves: max_output_tokens, search results, every judge call at its bound). The actual is the ledger's sum for the run.\n\n${table}`,
  );
});
