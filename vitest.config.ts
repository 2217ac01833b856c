import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(__dirname),
      // server-only throws outside a React server bundle; tests run server modules directly.
      "server-only": path.resolve(__dirname, "lib/testing/server-only-stub.ts"),
    },
  },
  test: {
    include: ["*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts", "app/**/*.test.ts"],
    environment: "node",
    setupFiles: ["lib/testing/vitest-setup.ts"],
    // A real PostgreSQL for the store suites that run on both dialects (lib/testing/postgres-database.ts).
    globalSetup: ["lib/testing/postgres-global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker per core less one: a single worker on the 2-core CI machines, idle
    // while its file waits on PostgreSQL, HTTP, child processes or timers. At least three files at a time
    // keep both cores busy; every test file has its own databases, ports and temporary folders, so files
    // do not see each other. VITEST_MAX_WORKERS (or --maxWorkers) still overrides this.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
  },
});
