import { defineConfig } from "vitest/config";
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
  },
});
