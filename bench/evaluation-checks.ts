/**
 * `npm run bench:evaluation-checks`: how well the citation checks agree with planted truth (issue 37). The embedded
 * gateway plants invented, unsupported and off-topic citations at known, seeded rates
 * (EMBEDDED_GATEWAY_CITATION_FAULTS); every demo question is answered by an extractive model with web search,
 * its citations checked by lib/evaluations' citation support with the demo judge, and each verdict compared with what
 * was planted. Reported: precision and recall of the "invented", "unsupported" and "off topic" verdicts.
 * Target: no invented citation missed (recall 1).
 *
 * Options: --seeds <n> (default 3: seeds 1..n, each over all 30 demo questions).
 */
import fs from "node:fs";
import path from "node:path";
import { parseCitationFaults } from "../lib/embedded-gateway/responder/citation-faults";
import { startEmbeddedGateway } from "../lib/embedded-gateway/server";
import { measureCitationAgreement, type Agreement, type CitationAgreement } from "../lib/server/evaluations/testing/citation-agreement";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { benchLog, root, runBench, writeResults } from "./support";

const log = benchLog("bench:evaluation-checks");
const at = process.argv.indexOf("--seeds");
const SEEDS = at >= 0 ? Number(process.argv[at + 1]) : 3;
const RATES = "invented=0.1,unsupported=0.2,off_topic=0.1";

function sum(a: Agreement, b: Agreement): Agreement {
  const tp = a.truePositives + b.truePositives;
  const fp = a.falsePositives + b.falsePositives;
  const fn = a.falseNegatives + b.falseNegatives;
  return { positives: tp + fn, truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: tp + fp === 0 ? null : tp / (tp + fp), recall: tp + fn === 0 ? null : tp / (tp + fn) };
}

const pct = (value: number | null) => (value === null ? "n/a" : `${(value * 100).toFixed(1)} %`);

runBench("bench:evaluation-checks", async () => {
  const questions = fs
    .readFileSync(path.join(root, "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { question: string }).question);
  const runs: Array<{ seed: number; measured: CitationAgreement }> = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const rates = parseCitationFaults(`${RATES},seed=${seed}`)!;
    // In memory, a port the OS picks, the fixed corpus (the unit test's), answers as fast as they are composed.
    const gateway = await startEmbeddedGateway({ dbFile: ":memory:", port: 0, apiKey: "bench-api-key-0123456789", managementKey: "bench-management-key-0123456789", corpus: "fixed", demoFiles: 0, answerTimeScale: 0, citationFaults: rates });
    try {
      const send = (body: Record<string, unknown>, signal: AbortSignal) =>
        fetch(`${gateway.baseUrl}/responses`, { method: "POST", headers: { authorization: `Bearer ${gateway.apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body), signal });
      const measured = await measureCitationAgreement({ send, rates, questions });
      runs.push({ seed, measured });
      log(`seed ${seed}: ${measured.citations} citations, planted ${JSON.stringify(measured.planted)}`);
    } finally {
      await gateway.close();
    }
  }
  // Summed over the seeds.
  const rest = runs.slice(1);
  const agg = {
    invented: rest.reduce((a, r) => sum(a, r.measured.invented), runs[0].measured.invented),
    unsupported: rest.reduce((a, r) => sum(a, r.measured.unsupported), runs[0].measured.unsupported),
    offTopic: rest.reduce((a, r) => sum(a, r.measured.offTopic), runs[0].measured.offTopic),
  };
  const citations = runs.reduce((n, r) => n + r.measured.citations, 0);
  const answers = runs.reduce((n, r) => n + r.measured.answers, 0);
  const row = (name: string, a: Agreement) => [name, a.positives, a.truePositives, a.falsePositives, a.falseNegatives, pct(a.precision), pct(a.recall)];
  const table = markdownTable(
    ["verdict", "planted", "true positives", "false positives", "missed", "precision", "recall"],
    [row("invented", agg.invented), row("unsupported (any planted fault)", agg.unsupported), row("off topic", agg.offTopic)],
  );
  const body = [
    `Planted rates ${RATES}, seeds 1..${SEEDS}; ${answers} answers (gatehouse/scholar, web search, 5 results), ${citations} citations, judged by the demo judge (gatehouse/judge).`,
    "",
    table,
    "",
    `Target: no invented citation missed — ${agg.invented.falseNegatives === 0 ? "met" : `NOT met (${agg.invented.falseNegatives} missed)`}.`,
  ].join("\n");
  console.log(body);
  writeResults("evaluation-checks.json", { rates: RATES, seeds: SEEDS, answers, citations, ...agg });
  const doc = writeBenchmarkSection("evaluation-checks", "npm run bench:evaluation-checks", body);
  if (doc) log(`wrote ${path.relative(root, doc)}`);
  if (agg.invented.falseNegatives > 0) process.exitCode = 1;
});
