// @ts-check
/**
 * Compiles the runtime's entry points (server/start.ts, server/next-server.ts, server/embedded-gateway.ts,
 * server/user.ts, and the check workers' lib/server/evaluations/check-worker.ts) with esbuild into dist/server/, so `npm start` runs them with plain node, no tsx. Our own
 * code is bundled; every package stays a `require` of node_modules. `npm run build` runs this after
 * `next build`; server/launch.mjs runs it when the output is missing or older than any file it was built from.
 * Plain JavaScript: it runs before anything is compiled.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const OUT_DIR = path.join("dist", "server");
export const ENTRY_POINTS = [
  "server/start.ts",
  "server/next-server.ts",
  "server/embedded-gateway.ts",
  "server/user.ts",
  // A worker thread's code (lib/server/evaluations/check-pool.ts starts it from dist/server/check-worker.js).
  "lib/server/evaluations/check-worker.ts",
];
/** What the output was built from, and when: the staleness check's memory. */
const INPUTS_FILE = "inputs.json";
/** Not in any bundle's imports, yet changing them changes the output. */
const ALWAYS_INPUTS = ["package-lock.json", "tsconfig.json", "server/build/compile.mjs"];
/** Throws when imported outside a React server bundle: a module that imports it cannot run in our processes. */
const FORBIDDEN_PACKAGES = ["server-only"];

/**
 * Whether dist/server is missing, or older than one of the files it was built from (a `git pull`, an edit).
 * @param {string} root
 */
export function serverBuildIsStale(root) {
  const record = path.join(root, OUT_DIR, INPUTS_FILE);
  if (!existsSync(record)) return true;
  /** @type {{ builtAt: number, inputs: string[] }} */
  const { builtAt, inputs } = JSON.parse(readFileSync(record, "utf8"));
  if (ENTRY_POINTS.some((entry) => !existsSync(path.join(root, OUT_DIR, `${path.basename(entry, ".ts")}.js`)))) return true;
  return [...inputs, ...ALWAYS_INPUTS].some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/** @param {string} root */
export async function compileServer(root) {
  /** @type {typeof import("esbuild")} */
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch {
    throw new Error("the compiled server (dist/server) is missing or stale, and esbuild (a dev dependency) is not installed: run `npm run build` where it is.");
  }
  const builtAt = Date.now();
  // Built beside the output, then swapped in: a process starting meanwhile never sees half a build.
  const staging = path.join(root, `${OUT_DIR}.${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    // Each named after its file, all in one folder (the entries live in different folders).
    entryPoints: ENTRY_POINTS.map((entry) => ({ in: entry, out: path.basename(entry, ".ts") })),
    outdir: staging,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node22",
    packages: "external",
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
  });
  for (const [output, { imports }] of Object.entries(result.metafile.outputs)) {
    const bad = imports.find((entry) => entry.external && FORBIDDEN_PACKAGES.includes(entry.path));
    if (bad) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(`${output} imports ${bad.path}: a module of the runtime's must not (it throws outside Next's server bundles)`);
    }
  }
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("node_modules/"));
  writeFileSync(path.join(staging, INPUTS_FILE), `${JSON.stringify({ builtAt, inputs }, null, 1)}\n`);
  const out = path.join(root, OUT_DIR);
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { recursive: true, force: true });
  try {
    renameSync(staging, out);
  } catch (error) {
    // Another start compiled at the same moment and swapped its output in first: the same sources, keep it.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(out, INPUTS_FILE))) throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
  compileServer(root).then(
    () => console.log(`gatehouse: compiled ${ENTRY_POINTS.join(", ")} into ${OUT_DIR}/`),
    (error) => {
      console.error(`gatehouse: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
