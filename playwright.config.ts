import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

/**
 * End-to-end tests drive real Chromium against the production build served by `scripts/start.ts`, which
 * also serves the embedded gateway with fixed test keys and fault injection switched on.
 * Set E2E_BASE_URL to run the specs against an instance you started yourself.
 */
const APP_PORT = 3100;
const GATEWAY_PORT = 4110;
const external = Boolean(process.env.E2E_BASE_URL);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${APP_PORT}`;

process.env.E2E_GATEWAY_URL ??= `http://127.0.0.1:${GATEWAY_PORT}/api/v1`;
process.env.EMBEDDED_GATEWAY_API_KEY ??= "e2e-api-key";
process.env.EMBEDDED_GATEWAY_MANAGEMENT_KEY ??= "e2e-management-key";
process.env.DEMO_PASSWORD ??= "gatehouse-e2e";

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions(),
    // Colour transitions would let an axe scan measure contrast halfway through a light/dark switch.
    reducedMotion: "reduce",
  },
  projects: [
    { name: "chromium", grepInvert: /@faults/, use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions(), reducedMotion: "reduce" } },
    // Injected faults are shared by the whole gateway, so the tests that inject them run last and one at a
    // time: no other test can take a fault meant for them, or see one it did not ask for.
    {
      name: "faults",
      grep: /@faults/,
      dependencies: ["chromium"],
      workers: 1,
      use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions(), reducedMotion: "reduce" },
    },
  ],
  webServer: external
    ? undefined
    : {
        command: "rm -rf .data-e2e && tsx scripts/start.ts",
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
          NEXT_TELEMETRY_DISABLED: "1",
        },
      },
});
