/**
 * `npm test`: lint, import layers, type check, unit and HTTP tests, production build, page sizes, then end-to-end tests in Chromium.
 * `npm test -- --smoke`: what CI runs on the other supported Node: unit and HTTP tests, the build, and the
 * end-to-end smoke test (sign in, every page, one streamed answer).
 * Every step runs even after an earlier one fails (but the browser tests need a build), so one run shows
 * every problem; the closing lines give each step's duration, each runner's counts and the total.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
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
  /**
   * Consecutive steps of one group run at the same time, their output held and printed whole, step by
   * step, once all have ended. The static checks each keep one core busy for seconds: side by side they
   * take about as long as the longest of them instead of their sum.
   */
  group?: string;
}

const steps: Step[] = [
  { name: "lint", ...npx(["eslint", "--max-warnings", "0", "."]), group: "checks" },
  // The import layers (.dependency-cruiser.cjs); `npm run lint` runs both.
  { name: "layers", command: "npm", args: ["run", "--silent", "lint:layers"], group: "checks" },
  // Unused dependencies, exports and files (knip.jsonc); `npm run lint` runs it too.
  { name: "knip", ...npx(["knip"]), group: "checks" },
  { name: "typecheck", ...npx(["tsc", "--noEmit"]), group: "checks" },
  // Under a hostile environment: the unit and HTTP tests must not depend on the caller's settings.
  {
    name: "unit",
    ...npx(["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]),
    env: { ...env, ...HOSTILE_SETTINGS },
  },
  { name: "browser", ...npx(["tsx", "scripts/ensure-browser.ts"]) },
  // `npm run build`: the fast lane's route list, the Next build, the compiled server (dist/server).
  { name: "build", command: "npm", args: ["run", "--silent", "build"] },
  // First-load JavaScript per page against the 150 kB budget (issue 16), from the build just made.
  { name: "size", ...npx(["tsx", "scripts/check-page-size.ts"]), needs: "build" },
  { name: "e2e", ...npx(["playwright", "test"]), needs: "build" },
];
const SMOKE_STEPS = new Set(["unit", "browser", "build", "e2e"]);
const planned = smoke
  ? steps.filter((step) => SMOKE_STEPS.has(step.name)).map((step) => (step.name === "e2e" ? { ...step, env: { ...env, E2E_SMOKE: "1" } } : step))
  : steps;

const status = new Map<string, "passed" | "failed" | "skipped">();
const seconds = new Map<string, number>();
const started = Date.now();
console.log(`npm test${smoke ? " --smoke" : ""} on Node ${process.versions.node}`);

const runnable = (step: Step) =>
  !((step.needs && status.get(step.needs) !== "passed") || (step.name === "e2e" && status.get("browser") !== "passed"));
const header = (step: Step) => `\n=== ${step.name}: ${step.command} ${step.args.join(" ")}`;
const record = (step: Step, stepStart: number, exitCode: number | null) => {
  seconds.set(step.name, (Date.now() - stepStart) / 1000);
  status.set(step.name, exitCode === 0 ? "passed" : "failed");
  return `=== ${step.name}: ${status.get(step.name)} in ${formatSeconds(seconds.get(step.name)!)}`;
};

/** One step with the terminal to itself. */
function runAlone(step: Step) {
  console.log(header(step));
  const stepStart = Date.now();
  const run = spawnSync(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: "inherit" });
  console.log(record(step, stepStart, run.status));
}

/** Steps side by side; each one's output (stdout and stderr interleaved as written) is printed once all have ended. */
async function runTogether(group: Step[]) {
  console.log(`\n=== at the same time: ${group.map((step) => step.name).join(", ")}`);
  const outcomes = await Promise.all(
    group.map(
      (step) =>
        new Promise<string>((resolve) => {
          const stepStart = Date.now();
          const chunks: Buffer[] = [];
          const child = spawn(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
          child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
          child.on("close", (code) => resolve(`${header(step)}\n${Buffer.concat(chunks).toString()}${record(step, stepStart, code)}`));
        }),
    ),
  );
  for (const outcome of outcomes) console.log(outcome);
}

async function runAll() {
  for (let i = 0; i < planned.length; ) {
    const step = planned[i];
    let end = i + 1;
    while (step.group && end < planned.length && planned[end].group === step.group) end++;
    const batch = planned.slice(i, end).filter((candidate) => {
      if (runnable(candidate)) return true;
      status.set(candidate.name, "skipped");
      return false;
    });
    i = end;
    if (batch.length === 1) runAlone(batch[0]);
    else if (batch.length > 1) await runTogether(batch);
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

void main();
