/**
 * Starts lib/testing/component-bff-main.ts (or the module its first argument names: the event-loop test's
 * lib/server/testing/monitored-bff-main.ts) under Node with two modules stood in for, as Vitest does: the
 * "server-only" marker (it throws outside a React server bundle) and "vitest" (test-support reaches a
 * PostgreSQL helper that asks the runner for its address; this server uses SQLite only).
 */
import { registerHooks } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const STAND_INS: Record<string, string> = {
  "server-only": pathToFileURL(path.join(__dirname, "server-only-stub.ts")).href,
  vitest: pathToFileURL(path.join(__dirname, "vitest-stand-in.ts")).href,
};

registerHooks({
  resolve: (specifier, context, next) => (specifier in STAND_INS ? { url: STAND_INS[specifier], shortCircuit: true } : next(specifier, context)),
});
const entry = process.argv[2];
void (entry ? import(pathToFileURL(path.resolve(entry)).href) : import("./component-bff-main"));
