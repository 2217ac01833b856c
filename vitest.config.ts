import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Component tests (components/**/*.test.tsx) render in happy-dom: each such file starts with the
// `// @vitest-environment happy-dom` docblock and calls Testing Library's cleanup after each test; they
// talk HTTP to a real BFF in a child process (lib/testing/component-bff.ts). Everything else stays in node.
const COMPONENT_TESTS = ["components/**/*.test.tsx"];
// bench/report-table.ts writes docs/benchmarks.md; its test runs with the unit tests (the benches themselves do not).
const BENCH_SUPPORT_TESTS = ["bench/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // server-only throws outside a React server bundle; tests run server modules directly.
      "server-only": path.resolve(__dirname, "lib/testing/server-only-stub.ts"),
    },
  },
  test: {
    include: ["*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", ...COMPONENT_TESTS, ...BENCH_SUPPORT_TESTS, "scripts/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    setupFiles: ["lib/testing/vitest-setup.ts"],
    // A real PostgreSQL for the store suites that run on both dialects (lib/testing/postgres-database.ts).
    globalSetup: ["lib/testing/postgres-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The test files of one worker share its module cache instead of loading every module again per file:
    // the suite's import time was 76 of its 259 s on the CI machine, and a whole run took 270 s of CPU
    // shared against 407 s isolated (both on one loaded machine, `/usr/bin/time npx vitest run [--no-isolate]`).
    // Safe because no test relies on a fresh module: the settings are re-read per case (resetServerEnv),
    // the app's database handles are keyed by their file (app-context.ts), every file takes its own data
    // folder and ports, and spies and stubbed globals are undone after each test (below).
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    // Vitest's default is one worker per core less one: a single worker on the 2-core CI machines, with
    // the second core idle while its file waits on PostgreSQL, HTTP, child processes or timers. Two files
    // at a time use it; every test file has its own databases, ports and temporary folders, so files do
    // not see each other. Not more: the suite's CPU (about 300 s) already fills two cores, and a third file
    // only slows the CPU-heavy ones (fuzzing, scrypt, the supervisor) towards their timeouts under load.
    // VITEST_MAX_WORKERS (or --maxWorkers) overrides this.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
