// @ts-check
/**
 * `npm start` (and `npm run gateway`, `npm run user`): runs the runtime compiled, with plain node. It first
 * brings the fast lane's route list up to date (server/build/fast-lane-manifest.mjs) and compiles server/
 * into dist/server when that is missing or stale (server/build/compile.mjs), as server/start.ts then builds
 * the Next app when its build is. Plain JavaScript, so nothing has to be compiled to run it.
 *
 *   node server/launch.mjs [start] [--dev]   the launcher (server/start.ts)
 *   node server/launch.mjs gateway           the embedded gateway alone (server/embedded-gateway.ts)
 *   node server/launch.mjs user <command>    account management (server/user.ts)
 */
// First, before anything else runs: on an unsupported Node, one line saying what works (and `npm start` is this
// one node process, with no shell between npm and it that would keep a stop signal from reaching it).
import "../scripts/check-node.mjs";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileServer, OUT_DIR, serverBuildIsStale } from "./build/compile.mjs";
import { writeFastLaneManifest } from "./build/fast-lane-manifest.mjs";

const ENTRIES = new Set(["start", "gateway", "user"]);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const requested = process.argv[2] && ENTRIES.has(process.argv[2]) ? process.argv[2] : "start";
// The entry sees its own arguments where it would under `node dist/server/<entry>.js`.
if (process.argv[2] === requested) process.argv.splice(2, 1);

try {
  // Only where the route files are (not in an image holding the build alone); rewritten only when it changed.
  if (requested === "start" && existsSync(path.join(root, "app", "api"))) writeFastLaneManifest(root);
  if (serverBuildIsStale(root)) {
    console.log("gatehouse: compiling the server (first start or sources changed)…");
    await compileServer(root);
  }
} catch (error) {
  console.error(`gatehouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

process.setSourceMapsEnabled(true);
const file = { start: "start.js", gateway: "embedded-gateway.js", user: "user.js" }[requested];
createRequire(import.meta.url)(path.join(root, OUT_DIR, file));
