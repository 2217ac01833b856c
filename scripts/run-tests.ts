/**
 * `npm test`: lint, import layers, type check, unit and HTTP tests, production build, page sizes, then end-to-end tests in Chromium.
 * Every step runs even after an earlier one fails (but the browser tests need a build), so one run shows
 * every problem; the closing lines give each runner's counts and the total.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { HOSTILE_SETTINGS } from "./hostile-env";

const root = path.resolve(__dirname, "..");
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const npx = (args: string[]) => ({ command: "npx", args });

interface Step {
  name: string;
  command: string;
  args: string[];
  needs?: string;
  env?: NodeJS.ProcessEnv;
}

const steps: Step[] = [
  { name: "lint", ...npx(["eslint", "--max-warnings", "0", "."]) },
  // The import layers (.dependency-cruiser.cjs); `npm run lint` runs both.
  { name: "layers", command: "npm", args: ["run", "--silent", "lint:layers"] },
  { name: "typecheck", ...npx(["tsc", "--noEmit"]) },
  // Under a hostile environment: the unit and HTTP tests must not depend on the caller's settings.
  {
    name: "unit",
    ...npx(["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]),
    env: { ...env, ...HOSTILE_SETTINGS },
  },
  { name: "browser", ...npx(["tsx", "scripts/ensure-browser.ts"]) },
  { name: "build", ...npx(["next", "build"]) },
  // First-load JavaScript per page against the 150 kB budget (issue 16), from the build just made.
  { name: "size", ...npx(["tsx", "scripts/check-page-size.ts"]), needs: "build" },
  { name: "e2e", ...npx(["playwright", "test"]), needs: "build" },
];

const status = new Map<string, "passed" | "failed" | "skipped">();
for (const step of steps) {
  if ((step.needs && status.get(step.needs) !== "passed") || (step.name === "e2e" && status.get("browser") !== "passed")) {
    status.set(step.name, "skipped");
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.command} ${step.args.join(" ")}`);
  const run = spawnSync(step.command, step.args, { cwd: root, env: step.env ?? env, stdio: "inherit" });
  status.set(step.name, run.status === 0 ? "passed" : "failed");
}

function readJson(file: string): unknown {
  const full = path.join(results, file);
  return existsSync(full) ? JSON.parse(readFileSync(full, "utf8")) : null;
}

const vitest = readJson("vitest.json") as { numPassedTests: number; numFailedTests: number; numPendingTests: number } | null;
const playwright = readJson("playwright.json") as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | null;

console.log("\n=== summary");
for (const [name, state] of status) console.log(`${name}: ${state}`);
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
const stepFailures = [...status.values()].filter((state) => state !== "passed").length;
console.log(`total: ${passed} passed, ${failed + stepFailures} failed`);
process.exit(stepFailures === 0 && failed === 0 ? 0 : 1);
