/**
 * `npm test`: lint, import layers, type check, unit and HTTP tests, production build, page sizes, then end-to-end tests in Chromium.
 * `npm test -- --smoke`: what CI runs on the other supported Node: the unit and HTTP tests that can depend on
 * Node's version (NODE_SENSITIVE_TESTS), the build, and the end-to-end smoke test (sign in, every page, one
 * streamed answer).
 * Every step runs even after an earlier one fails (but the browser tests need a build), so one run shows
 * every problem; the closing lines give each step's duration, each runner's counts and the total.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
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
 * runtime, and the version check itself. The rest is the same TypeScript over the same data on either
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

// One step at a time: on the 2-core CI machine the static checks side by side took longer (70 s) than
// one after another (45 s), and each step's duration is its own.
const steps: Step[] = [
  { name: "lint", ...npx(["eslint", "--max-warnings", "0", "."]) },
  // The import layers (.dependency-cruiser.cjs); `npm run lint` runs both.
  { name: "layers", command: "npm", args: ["run", "--silent", "lint:layers"] },
  // Unused dependencies, exports and files (knip.jsonc); `npm run lint` runs it too.
  { name: "knip", ...npx(["knip"]) },
  // The only type check: the build does not repeat it (next.config.mjs, typescript.ignoreBuildErrors).
  { name: "typecheck", ...npx(["tsc", "--noEmit"]) },
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
const planned = smoke
  ? steps.filter((step) => step.name in SMOKE_CHANGES).map((step) => ({ ...step, ...SMOKE_CHANGES[step.name] }))
  : steps;

const status = new Map<string, "passed" | "failed" | "skipped">();
const seconds = new Map<string, number>();
const started = Date.now();
console.log(`npm test${smoke ? " --smoke" : ""} on Node ${process.versions.node}`);

const runnable = (step: Step) =>
  !((step.needs && status.get(step.needs) !== "passed") || (step.name === "e2e" && status.get("browser") !== "passed"));

/** One step with the terminal to itself; its duration as the closing line. */
function run(step: Step) {
  console.log(`\n=== ${step.name}: ${step.shown ?? `${step.command} ${step.args.join(" ")}`}`);
  const stepStart = Date.now();
  const child = spawnSync(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: "inherit" });
  seconds.set(step.name, (Date.now() - stepStart) / 1000);
  status.set(step.name, child.status === 0 ? "passed" : "failed");
  console.log(`=== ${step.name}: ${status.get(step.name)} in ${formatSeconds(seconds.get(step.name)!)}`);
}

function runAll() {
  for (const step of planned) {
    if (runnable(step)) run(step);
    else status.set(step.name, "skipped");
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

function main() {
  runAll();
  report();
}

function report() {
  const vitest = readJson("vitest.json") as { numPassedTests: number; numFailedTests: number; numPendingTests: number } | null;
  const playwright = readJson("playwright.json") as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | null;

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
  console.log(`total: ${passed} passed, ${failed + stepFailures} failed`);
  process.exit(stepFailures === 0 && failed === 0 ? 0 : 1);
}

main();
