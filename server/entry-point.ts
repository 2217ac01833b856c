import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Where the runtime's files are, whether it runs compiled (`npm start`: plain node on dist/server/*.js, built by
 * server/build/compile.mjs) or from source (`npm run dev` and tests: tsx on server/*.ts).
 */

/** Compiled when this code is a .js bundle; from source under tsx. */
const compiled = __filename.endsWith(".js");

/** The project's root: the nearest folder above this file holding package.json (dist/server/ or server/ alike). */
export function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = parent;
  }
  return dir;
}

/**
 * The node arguments that run one of the runtime's entry points (server/<name>.ts) as a child process: the
 * compiled bundle with plain node when this runs compiled, the source under tsx otherwise.
 */
export function entryPointArgs(root: string, name: "next-server" | "embedded-gateway"): string[] {
  return compiled
    ? ["--enable-source-maps", path.join(root, "dist", "server", `${name}.js`)]
    : ["--import", "tsx", path.join(root, "server", `${name}.ts`)];
}
