import { execFileSync } from "node:child_process";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { scrubSettings } from "./lib/testing/scrub-env";
import { chromiumLaunchOptions } from "./scripts/chromium";

// The servers and the in-process gateways of the tests log warnings and errors only (not a line per request), unless asked.
process.env.LOG_LEVEL ||= "warn";

/** The end-to-end tests run in the headless shell when it is installed (scripts/chromium.ts says why). */
const launchOptions = chromiumLaunchOptions({ headlessShell: true });

/**
 * A port nobody listens on right now. Synchronous (the config is evaluated synchronously) and stored in
 * the environment, which the worker processes inherit, so every process of one run agrees on it.
 */
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}
/**
 * End-to-end tests drive real Chromium against the production build served as `npm start` serves it
 * (server/launch.mjs: the compiled server/start.ts), which also serves the embedded gateway with fixed test keys and fault injection switched on, on free ports.
 * Set E2E_BASE_URL to run the specs against an instance you started yourself.
 */
const external = Boolean(process.env.E2E_BASE_URL);
/** `npm test -- --smoke` (CI on the other supported Node): only the @smoke test, against the main app alone. */
const smoke = process.env.E2E_SMOKE === "1";
type WebServer = Exclude<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>;
if (!external) {
  // The app under test is started from this environment: a GATEWAY_URL or DATA_DIR exported in the
  // developer's shell must not redirect it. The run's own E2E_* choices (ports, keys) survive.
  const own = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("E2E_")));
  scrubSettings();
  Object.assign(process.env, own);
}
process.env.E2E_APP_PORT ??= freePort();
process.env.E2E_GATEWAY_PORT ??= freePort();
process.env.E2E_STRICT_APP_PORT ??= freePort();
process.env.E2E_STRICT_GATEWAY_PORT ??= freePort();
const APP_PORT = Number(process.env.E2E_APP_PORT);
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT);
const STRICT_APP_PORT = Number(process.env.E2E_STRICT_APP_PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${APP_PORT}`;
/** A second app on a second embedded gateway in strict mode (EMBEDDED_GATEWAY_STRICT=1): none of our extensions. */
const strictBaseURL = process.env.E2E_STRICT_BASE_URL ?? `http://localhost:${STRICT_APP_PORT}`;

process.env.E2E_GATEWAY_URL ??= `http://127.0.0.1:${GATEWAY_PORT}/api/v1`;
process.env.EMBEDDED_GATEWAY_API_KEY ??= "e2e-api-key";
process.env.EMBEDDED_GATEWAY_MANAGEMENT_KEY ??= "e2e-management-key";
process.env.DEMO_PASSWORD ??= "gatehouse-e2e";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are shared out between the two workers: the longest files (users, presets, playground,
  // about 100 s each) no longer decide when the last worker finishes. Every test makes its own data (a run id in
  // its slugs, emails and names) or reads only; a group that must stay together says so (describe.configure).
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL,
    // A failed test keeps its trace with DOM snapshots (what the page showed at each step); the screencast
    // frames are left out: they are recorded for every test, passing ones too, and cost CPU on a 2-core runner.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true },
    screenshot: "only-on-failure",
    launchOptions,
    // Colour transitions would let an axe scan measure contrast halfway through a light/dark switch.
    reducedMotion: "reduce",
  },
  projects: smoke
    ? [{ name: "smoke", grep: /@smoke/, use: { ...devices["Desktop Chrome"], launchOptions, reducedMotion: "reduce" } }]
    : [
    { name: "chromium", grepInvert: /@faults|@strict/, use: { ...devices["Desktop Chrome"], launchOptions, reducedMotion: "reduce" } },
    // The dashboard against a gateway with none of our extensions: the embedded gateway in strict mode,
    // behind an app of its own (own ports and data folder).
    {
      name: "strict",
      grep: /@strict/,
      use: { ...devices["Desktop Chrome"], baseURL: strictBaseURL, launchOptions, reducedMotion: "reduce" },
    },
    // Injected faults are shared by the whole gateway, so the tests that inject them run last and one at a
    // time: no other test can take a fault meant for them, or see one it did not ask for.
    {
      name: "faults",
      grep: /@faults/,
      dependencies: ["chromium"],
      workers: 1,
      use: { ...devices["Desktop Chrome"], launchOptions, reducedMotion: "reduce" },
    },
  ],
  webServer: external
    ? undefined
    : ([
        {
          command: "rm -rf .data-e2e && node server/launch.mjs",
          url: `${baseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 240_000,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            PORT: String(APP_PORT),
            GATEWAY_PORT: String(GATEWAY_PORT),
            DATA_DIR: ".data-e2e",
            DEMO_PASSWORD: process.env.DEMO_PASSWORD,
            EMBEDDED_GATEWAY_API_KEY: process.env.EMBEDDED_GATEWAY_API_KEY,
            EMBEDDED_GATEWAY_MANAGEMENT_KEY: process.env.EMBEDDED_GATEWAY_MANAGEMENT_KEY,
            EMBEDDED_GATEWAY_FAULTS: "1",
            EMBEDDED_GATEWAY_DEMO_FILES: "3000",
            // The suite's few demo accounts run many tests at once, as a whole team would: each starts evaluation runs.
            EVAL_MAX_RUNNING_RUNS_PER_USER: "100",
            EVAL_MAX_RUNNING_RUNS: "400",
            // Every browser and API client of the suite comes from 127.0.0.1, as a whole team behind one reverse proxy
            // would (README: set it to SERVER_MAX_CONNECTIONS there); the bound itself is server/dashboard-server.test.ts's.
            SERVER_MAX_CONNECTIONS_PER_CLIENT: "1000",
            NEXT_TELEMETRY_DISABLED: "1",
            GATEHOUSE_ENV_FILE: "none",
            // One access line per request would bury the report: warnings and errors only, unless asked.
            LOG_LEVEL: process.env.LOG_LEVEL || "warn",
          },
        },
        {
          // The same build; started once the first server is up, so only one of them could ever build.
          command: "rm -rf .data-e2e-strict && node server/launch.mjs",
          url: `${strictBaseURL}/api/health`,
          reuseExistingServer: false,
          timeout: 240_000,
          stdout: "pipe",
          stderr: "pipe",
          env: {
            PORT: String(STRICT_APP_PORT),
            GATEWAY_PORT: process.env.E2E_STRICT_GATEWAY_PORT,
            DATA_DIR: ".data-e2e-strict",
            DEMO_PASSWORD: process.env.DEMO_PASSWORD,
            EMBEDDED_GATEWAY_STRICT: "1",
            EMBEDDED_GATEWAY_DEMO_FILES: "1500",
            NEXT_TELEMETRY_DISABLED: "1",
            GATEHOUSE_ENV_FILE: "none",
            // One access line per request would bury the report: warnings and errors only, unless asked.
            LOG_LEVEL: process.env.LOG_LEVEL || "warn",
          },
        },
      ] as WebServer[]).slice(0, smoke ? 1 : 2),
});
