/**
 * `npm test`: lint, import layers, type check, unit and HTTP tests, production build, page sizes, then end-to-end tests in Chromium.
 * `npm test -- --smoke`: what CI runs on the other supported Node: the unit and HTTP tests that can depend on
 * Node's version (NODE_SENSITIVE_TESTS), the build, and the end-to-end smoke test (sign in, every page, one
 * streamed answer).
 * Every step runs even after an earlier one fails (but the browser tests need a build), so one run shows
 * every problem; the closing lines give each step's duration, each runner's counts and the total.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { failedE2eTests, failedUnitTests, type PlaywrightReport, type VitestReport } from "./failed-tests";
import { HOSTILE_SETTINGS } from "./hostile-env";

const root = path.resolve(__dirname, "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const smoke = process.argv.includes("--smoke");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const npx = (args: string[]) => ({ command: "npx", args });

interface Step {
  name: string;
  command: string;
  args: string[];
  needs?: string;
  env?: NodeJS.ProcessEnv;
  /** The command line as printed, when the real one is too long to read. */
  shown?: string;
}

/** Under a hostile environment: the unit and HTTP tests must not depend on the caller's settings. */
const UNIT_ENV = { ...env, ...HOSTILE_SETTINGS };
const VITEST = ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"];

/**
 * The unit and HTTP tests whose outcome can depend on Node's version, for the smoke line on the other
 * Node: the native SQLite addon (better-sqlite3: lib/sqlite, the app database's migrations and locks on
 * both dialects, the embedded gateway's file store), PostgreSQL through Node's sockets going away and
 * coming back, Node's HTTP server and its timeouts, request bodies, multipart and upload streams and their
 * memory, server-sent events over Node's and the web's streams, fetch (undici) to the gateway, the video
 * renderer's WebAssembly, child processes and signals (server/: the launcher and supervisor, the dashboard
 * server, the fast lane, static files; the eval CLI), the globals a newer Node adds under happy-dom
 * (components/: Node 25 brought a localStorage of its own), the Next proxy and route handler on the
 * runtime, the version check itself, and npm keeping the machine's configuration under the bootstrapped Node. The rest is the same TypeScript over the same data on either
 * Node (contracts, presets, the eval engine, stores, handlers' rules, fuzzing of inputs, ...), all of it
 * run on Node 24 just before; sign-in, sessions and every page are proven on this Node by the e2e smoke test.
 */
const NODE_SENSITIVE_TESTS = [
  "lib/sqlite/",
  "lib/server/db/app-db.test.ts",
  "lib/server/db/database-outage.test.ts",
  "lib/server/db/video-frames-migration.test.ts",
  "lib/embedded-gateway/persistence.test.ts",
  "lib/embedded-gateway/migrations.test.ts",
  "lib/embedded-gateway/server-timeouts.test.ts",
  "lib/embedded-gateway/request-body.test.ts",
  "lib/embedded-gateway/multipart-stream.test.ts",
  "lib/embedded-gateway/uploads.test.ts",
  "lib/embedded-gateway/responses.test.ts",
  "lib/embedded-gateway/video/renderer.test.ts",
  "lib/server/http/",
  "lib/server/upstream/",
  "lib/server/cli/",
  "server/",
  "components/",
  "app/",
  "proxy.test.ts",
  "scripts/check-node.test.ts",
  "scripts/bootstrap-node.test.ts",
];

/**
 * Those files, and the test files under those folders, as absolute paths: vitest reads a folder filter as
 * a substring ("server/" would take lib/server and every other server/ too), an exact file as itself.
 */
function testFilesUnder(entries: readonly string[]): string[] {
  return entries.flatMap((entry) =>
    entry.endsWith("/")
      ? readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.test\.tsx?$/.test(file))
          .map((file) => path.join(root, entry, file))
      : [path.join(root, entry)],
  );
}

const STEPS = {
  lint: { name: "lint", ...npx(["eslint", "--max-warnings", "0", "."]) },
  // The import layers (.dependency-cruiser.cjs); `npm run lint` runs both.
  layers: { name: "layers", command: "npm", args: ["run", "--silent", "lint:layers"] },
  // deploy/Dockerfile (docs/deploy.md), which no CI machine here can build: dockerfile-utils checks it.
  dockerfile: { name: "dockerfile", command: "npm", args: ["run", "--silent", "lint:docker"] },
  // Unused dependencies, exports and files (knip.jsonc); `npm run lint` runs it too.
  knip: { name: "knip", ...npx(["knip"]) },
  // The only type check: the build does not repeat it (next.config.mjs, typescript.ignoreBuildErrors).
  typecheck: { name: "typecheck", ...npx(["tsc", "--noEmit"]) },
} satisfies Record<string, Step>;

/**
 * What runs, in order. A `lanes` stage runs its lanes side by side, each lane's steps one after another: the
 * static checks are each one single-threaded process (ESLint, tsc, dependency-cruiser, knip), so on the
 * 2-core CI machine two lanes of about equal length (lint then layers, typecheck then knip) take about the
 * longer lane instead of the sum (72 s one after another in the last CI run). Two lanes, not four: all four at
 * once took longer (70 s) than one after another (45 s) on that machine. Each lane's output is printed whole
 * when its step ends, so the log reads as before.
 */
type Stage = Step | { lanes: Step[][] };
const stages: Stage[] = [
  { lanes: [[STEPS.lint, STEPS.layers, STEPS.dockerfile], [STEPS.typecheck, STEPS.knip]] },
  { name: "unit", ...npx(VITEST), env: UNIT_ENV },
  { name: "browser", ...npx(["tsx", "scripts/ensure-browser.ts"]) },
  // `npm run build`: the fast lane's route list, the Next build, the compiled server (dist/server).
  { name: "build", command: "npm", args: ["run", "--silent", "build"] },
  // First-load JavaScript per page against the 150 kB budget (issue 16), from the build just made.
  { name: "size", ...npx(["tsx", "scripts/check-page-size.ts"]), needs: "build" },
  { name: "e2e", ...npx(["playwright", "test"]), needs: "build" },
];
/** The smoke line: the Node-sensitive unit tests, the build, and the e2e smoke test. */
const SMOKE_CHANGES: Record<string, Partial<Step>> = {
  unit: {
    name: "unit (Node-sensitive)",
    args: [...VITEST, ...testFilesUnder(NODE_SENSITIVE_TESTS)],
    shown: `npx ${VITEST.join(" ")} <the test files of ${NODE_SENSITIVE_TESTS.join(" ")}>`,
  },
  browser: {},
  build: {},
  e2e: { env: { ...env, E2E_SMOKE: "1" } },
};
const inSmoke = (step: Step): Step | null => (step.name in SMOKE_CHANGES ? { ...step, ...SMOKE_CHANGES[step.name] } : null);
const plannedStages: Stage[] = smoke
  ? stages.flatMap((stage): Stage[] => {
      if (!("lanes" in stage)) return [inSmoke(stage)].filter((step): step is Step => step !== null);
      const lanes = stage.lanes.map((lane) => lane.map(inSmoke).filter((step): step is Step => step !== null)).filter((lane) => lane.length > 0);
      return lanes.length > 0 ? [{ lanes }] : [];
    })
  : stages;
const planned: Step[] = plannedStages.flatMap((stage) => ("lanes" in stage ? stage.lanes.flat() : [stage]));

const status = new Map<string, "passed" | "failed" | "skipped">();
const seconds = new Map<string, number>();
const started = Date.now();
console.log(`npm test${smoke ? " --smoke" : ""} on Node ${process.versions.node}`);

const runnable = (step: Step) =>
  !((step.needs && status.get(step.needs) !== "passed") || (step.name === "e2e" && status.get("browser") !== "passed"));

const header = (step: Step) => `\n=== ${step.name}: ${step.shown ?? `${step.command} ${step.args.join(" ")}`}`;
const footer = (step: Step) => `=== ${step.name}: ${status.get(step.name)} in ${formatSeconds(seconds.get(step.name)!)}`;

/** One step with the terminal to itself; its duration as the closing line. */
function run(step: Step) {
  console.log(header(step));
  const stepStart = Date.now();
  const child = spawnSync(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: "inherit" });
  seconds.set(step.name, (Date.now() - stepStart) / 1000);
  status.set(step.name, child.status === 0 ? "passed" : "failed");
  console.log(footer(step));
}

/** One step beside another lane: its output kept and printed whole, with its header, when it ends. */
function runBeside(step: Step): Promise<void> {
  const stepStart = Date.now();
  const child = spawn(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    let ended = false;
    // A spawn that fails emits "error" and may emit "close" as well: the step ends once.
    const end = (code: number | null) => {
      if (ended) return;
      ended = true;
      seconds.set(step.name, (Date.now() - stepStart) / 1000);
      status.set(step.name, code === 0 ? "passed" : "failed");
      process.stdout.write(`${header(step)}\n${Buffer.concat(output).toString()}`);
      console.log(footer(step));
      resolve();
    };
    child.once("error", (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      end(null);
    });
    child.once("close", end);
  });
}

async function runAll() {
  for (const stage of plannedStages) {
    if (!("lanes" in stage)) {
      if (runnable(stage)) run(stage);
      else status.set(stage.name, "skipped");
      continue;
    }
    await Promise.all(
      stage.lanes.map(async (lane) => {
        for (const step of lane) {
          if (runnable(step)) await runBeside(step);
          else status.set(step.name, "skipped");
        }
      }),
    );
  }
}

function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${minutes}m${String(Math.round(total % 60)).padStart(2, "0")}s` : `${total.toFixed(1)}s`;
}

function readJson(file: string): unknown {
  const full = path.join(results, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

async function main() {
  await runAll();
  report();
}

function report() {
  const vitest = readJson("vitest.json") as VitestReport | null;
  const playwright = readJson("playwright.json") as PlaywrightReport | null;

  console.log("\n=== summary");
  for (const { name } of planned) {
    const state = status.get(name) ?? "skipped";
    console.log(`${name}: ${state}${seconds.has(name) ? ` (${formatSeconds(seconds.get(name)!)})` : ""}`);
  }
  console.log(`duration: ${formatSeconds((Date.now() - started) / 1000)} on Node ${process.versions.node}`);
  let passed = 0;
  let failed = 0;
  if (vitest) {
    console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed, ${vitest.numPendingTests} skipped`);
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
  }
  if (playwright) {
    const { expected, unexpected, flaky, skipped } = playwright.stats;
    console.log(`e2e: ${expected + flaky} passed, ${unexpected} failed, ${skipped} skipped`);
    passed += expected + flaky;
    failed += unexpected;
  }
  const stepFailures = planned.filter(({ name }) => status.get(name) !== "passed").length;
  // The failing tests by name at the very end: a CI log is often read from its tail only, and the line that
  // failed may be thousands of lines above it.
  for (const line of [...failedUnitTests(vitest, root), ...failedE2eTests(playwright)]) console.log(`failed: ${line}`);
  console.log(`total: ${passed} passed, ${failed + stepFailures} failed`);
  process.exit(stepFailures === 0 && failed === 0 ? 0 : 1);
}

void main();
