/**
 * `npm run bench:evaluation-results`: the results of a large run, as a gate. 10,000 questions × 4 versions (× REPEATS)
 * of synthetic stored items (answers of ~120 words, 5 citations, 8 sources, 3 checks), through the modules the
 * results routes use (lib/evaluations/results): parsing the stored JSON (as the store hands it over), the item grid, the
 * question rows, the summaries and the noise floor (the work of the first read after a run changes, cached per
 * revision after), then a filtered, sorted page and a question's prev/next (the work of every table read).
 *
 * Figures are CPU time of this process (process.cpuUsage), so a loaded machine slows them less than wall-clock
 * would. Budgets: the first read ≤ FIRST_READ_BUDGET_MS, a page ≤ PAGE_BUDGET_MS; exits non-zero past either.
 *
 * Environment: BENCH_QUESTIONS (default 10000), BENCH_REPEATS (default 1).
 */
import { EvaluationQuestionsQuerySchema } from "@/lib/contract/bff/evaluation-results";
import { noiseFloor } from "@/lib/evaluations/results/noise-floor";
import { questionRows } from "@/lib/evaluations/results/question-rows";
import { neighbours, pageRows, queryRows, rowCounts } from "@/lib/evaluations/results/row-query";
import { ItemGrid, type StoredItem } from "@/lib/evaluations/results/stored-item";
import { versionSummaries } from "@/lib/evaluations/results/summary";

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 10_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const VERSIONS = 4;
const FIRST_READ_BUDGET_MS = 15_000;
const PAGE_BUDGET_MS = 250;

const WORDS = "the index keyset page cursor order rows limit offset query sqlite log write ahead reader writer checkpoint wal mode retry after header seconds client server rate".split(" ");

function pseudo(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One stored item as its JSON columns would come out of the database. */
function storedRow(v: number, q: number, r: number, random: () => number) {
  const answer = Array.from({ length: 120 }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
  const urls = Array.from({ length: 5 }, (_, i) => `https://www.site${Math.floor(random() * 40)}.example/page/${q % 50}/${i}?utm_source=x`);
  const result = {
    answer,
    citations: urls.map((url, i) => ({ url, title: `Source ${i}`, start_index: i * 10, end_index: i * 10 + 30 })),
    sources: Array.from({ length: 8 }, (_, i) => ({ url: urls[i % 5], snippet: `snippet ${i} ${answer.slice(0, 200)}`, published_at: "2026-01-01" })),
    cost_usd: 0.001 + random() / 1000,
    latency_ms: 500 + random() * 3000,
    ttft_ms: 200,
  };
  const checks = [
    { kind: "min-length", arg: "20", passed: true },
    { kind: "cites-domain", arg: "site1.example", passed: random() > 0.5 },
    { kind: "judge", arg: "Is it right?", passed: random() > 0.3, score: random(), reasoning: "because" },
  ];
  const failed = random() < 0.01;
  return {
    version_index: v,
    question_index: q,
    repeat_index: r,
    status: failed ? "failed" : "done",
    cost_usd: result.cost_usd,
    result: failed ? null : JSON.stringify(result),
    error: failed ? JSON.stringify({ status: 502, message: "upstream", code: null }) : null,
    checks: failed ? null : JSON.stringify(checks),
  };
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function timed<T>(label: string, fn: () => T, figures: [string, number][]): T {
  const start = cpuMs();
  const out = fn();
  figures.push([label, cpuMs() - start]);
  return out;
}

const random = pseudo(42);
const raw: ReturnType<typeof storedRow>[] = [];
for (let v = 0; v < VERSIONS; v++) for (let q = 0; q < QUESTIONS; q++) for (let r = 0; r < REPEATS; r++) raw.push(storedRow(v, q, r, random));
const questions = Array.from({ length: QUESTIONS }, (_, q) => ({ question: `Question ${q}: how does ${WORDS[q % WORDS.length]} work?`, tags: [`tag${q % 7}`], allowed_domains: [], time_sensitive: q % 3 === 0 }));
const versions = Array.from({ length: VERSIONS }, (_, v) => ({ version_index: v, id: `m/${v}`, label: `v${v}`, preset: null }));

const figures: [string, number][] = [];
const items = timed(
  "parse stored JSON",
  () =>
    raw.map(
      (row): StoredItem => ({
        ...row,
        status: row.status as StoredItem["status"],
        result: row.result === null ? null : JSON.parse(row.result),
        error: row.error === null ? null : JSON.parse(row.error),
        checks: row.checks === null ? null : JSON.parse(row.checks),
      }),
    ),
  figures,
);
const grid = timed("item grid", () => new ItemGrid(VERSIONS, QUESTIONS, items), figures);
const rows = timed("question rows", () => questionRows(grid, questions), figures);
timed("summaries (aggregateVersion ×4)", () => versionSummaries(grid, versions), figures);
timed("noise floor", () => noiseFloor(grid, REPEATS), figures);
const firstRead = figures.reduce((sum, [, ms]) => sum + ms, 0);

const pageFigures: [string, number][] = [];
const query = EvaluationQuestionsQuerySchema.parse({ flags: "failed_any", tag: "tag3", sort: "cost", sort_version: "2", dir: "desc", offset: "100", limit: "50" });
const page = timed("filtered sorted page", () => ({ ...pageRows(queryRows(rows, query), query.offset, query.limit), ...rowCounts(rows) }), pageFigures);
timed("detail prev/next (full sort)", () => neighbours(queryRows(rows, EvaluationQuestionsQuerySchema.parse({ sort: "latency", sort_version: "1" })), 5_000), pageFigures);
const pageMs = Math.max(...pageFigures.map(([, ms]) => ms));

console.log(`bench:evaluation-results  ${QUESTIONS} questions × ${VERSIONS} versions × ${REPEATS} repeat(s) = ${items.length} items (CPU ms)`);
for (const [label, ms] of [...figures, ["first read, total", firstRead] as [string, number], ...pageFigures]) console.log(`  ${label.padEnd(32)} ${ms.toFixed(0).padStart(7)}`);
console.log(`  page rows: ${page.data.length}, flagged failed_any: ${page.flag_counts.failed_any}`);
let failed = false;
if (firstRead > FIRST_READ_BUDGET_MS) {
  console.error(`first read ${firstRead.toFixed(0)} ms is over its budget of ${FIRST_READ_BUDGET_MS} ms`);
  failed = true;
}
if (pageMs > PAGE_BUDGET_MS) {
  console.error(`a page read ${pageMs.toFixed(0)} ms is over its budget of ${PAGE_BUDGET_MS} ms`);
  failed = true;
}
process.exit(failed ? 1 : 0);
