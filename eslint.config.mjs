import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next*/**",
    "dist/**",
    ".data*/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "bench/results/**",
    "next-env.d.ts",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // No regex built at run time (SECURITY.md, "Bounded inputs in the embedded gateway"): a pattern made
    // from a request can be made to backtrack for seconds, and compiling one per word of a question is
    // what stalled the embedded gateway in issue 25. Match literally (indexOf, Set lookups) instead; a
    // pattern built from constants only says so with an eslint-disable comment and its reason. Tests
    // and e2e specs build expectations from their own constants and serve no request.
    files: ["**/*.{ts,tsx,mts,js,mjs}"],
    ignores: ["**/*.test.ts", "**/*.spec.ts", "e2e/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='RegExp']:not([arguments.0.type='Literal']):not([arguments.0.type='TemplateLiteral'][arguments.0.expressions.length=0])",
          message: "No RegExp built at run time: match literally (indexOf, a Set of words), or justify a pattern made of constants with an eslint-disable comment.",
        },
        {
          selector: "CallExpression[callee.name='RegExp']:not([arguments.0.type='Literal']):not([arguments.0.type='TemplateLiteral'][arguments.0.expressions.length=0])",
          message: "No RegExp built at run time: match literally (indexOf, a Set of words), or justify a pattern made of constants with an eslint-disable comment.",
        },
      ],
    },
  },
  {
    // lib/evaluations is one engine for two front ends (the dashboard's server-side runner and the CLI): no React,
    // Next, server-only or Node built-ins, and network only through injected functions. The layer rule in
    // .dependency-cruiser.cjs keeps it off lib/server and lib/client; this keeps it off the packages,
    // which dependency-cruiser does not follow.
    files: ["lib/evaluations/**/*.ts"],
    ignores: ["lib/evaluations/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["react", "react/*", "react-dom", "react-dom/*", "next", "next/*", "server-only", "node:*", "fs", "path", "http", "https"],
              message: "lib/evaluations is pure: no React, Next, server-only or Node built-ins; take I/O as an injected function.",
            },
          ],
        },
      ],
    },
  },
  {
    // Convention 25: server code writes through the one logger (lib/observability/logger.ts: JSON lines with the
    // request id, secrets redacted), never console.*. Exempt: tests; the CLIs whose output is for the person
    // typing (server/user.ts, lib/server/cli/); the build steps (server/build/) and server/launch.mjs, which run
    // before the server is compiled and print one line of progress each.
    files: ["lib/server/**/*.{ts,tsx}", "lib/embedded-gateway/**/*.ts", "lib/observability/**/*.ts", "server/**/*.{ts,mts,mjs}", "app/**/*.ts", "instrumentation.ts", "auth.ts", "proxy.ts"],
    ignores: ["**/*.test.ts", "**/testing/**", "**/test-fixtures/**", "server/user.ts", "lib/server/cli/**", "server/build/**", "server/launch.mjs"],
    rules: {
      "no-console": "error",
    },
  },
]);
