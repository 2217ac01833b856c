import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/*
 * Issue 40 item 2: under a Node fetched by scripts/bootstrap-node.sh, npm keeps the machine's own global npmrc
 * (registry, proxy, cafile). npm takes that file from the running Node's prefix, so without the link the script
 * makes, the bootstrapped Node's empty prefix would replace it. A copy of the script in a folder of its own, with
 * this test's Node standing in for the fetched one (nothing is downloaded); the machine's npm is asked where its
 * global config is with PREFIX pointing at a made-up machine prefix whose etc/npmrc names a made-up registry.
 */

const root = path.resolve(__dirname, "..");
const REGISTRY = "https://registry.gatehouse-test.invalid/";
const folders: string[] = [];

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The environment minus npm's own variables (a run under `npm test` carries the outer npm's settings). */
function withoutNpmSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of Object.keys(copy)) if (/^npm_config_/i.test(name)) delete copy[name];
  return copy;
}

describe.runIf(process.platform === "linux")("scripts/bootstrap-node.sh and the machine's npm configuration", () => {
  it("links the bootstrapped Node's global npmrc to the machine's, so npm under it reports the machine's registry", () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "gatehouse-bootstrap-"));
    folders.push(scratch);
    const copy = path.join(scratch, "checkout");
    mkdirSync(path.join(copy, "scripts"), { recursive: true });
    copyFileSync(path.join(root, "scripts", "bootstrap-node.sh"), path.join(copy, "scripts", "bootstrap-node.sh"));
    const version = /24\) version=([\d.]+)/.exec(readFileSync(path.join(root, "scripts", "bootstrap-node.sh"), "utf8"))![1];
    const arch = process.arch === "arm64" ? "arm64" : "x64";
    const bin = path.join(copy, ".tools", `node-v${version}-linux-${arch}`, "bin");
    mkdirSync(bin, { recursive: true });
    // A copy, not a link: npm finds the prefix from the Node binary's real path.
    copyFileSync(process.execPath, path.join(bin, "node"));

    const machinePrefix = path.join(scratch, "machine");
    mkdirSync(path.join(machinePrefix, "etc"), { recursive: true });
    writeFileSync(path.join(machinePrefix, "etc", "npmrc"), `registry=${REGISTRY}\n`);
    const userConfig = path.join(scratch, "user-npmrc");
    writeFileSync(userConfig, "");

    const printed = execFileSync(path.join(copy, "scripts", "bootstrap-node.sh"), ["24"], {
      encoding: "utf8",
      // The machine's npm, with its prefix (where its global npmrc lives) at the made-up one.
      env: { ...withoutNpmSettings(process.env), PREFIX: machinePrefix },
      timeout: 60_000,
    }).trim();
    expect(printed).toBe(bin);

    // npm under the bootstrapped Node, as `PATH="$(scripts/bootstrap-node.sh 24):$PATH"` gives it; no PREFIX now,
    // and an empty user npmrc so that a developer's own ~/.npmrc cannot decide.
    const registry = execFileSync("npm", ["config", "get", "registry"], {
      encoding: "utf8",
      env: { ...withoutNpmSettings(process.env), PATH: `${bin}${path.delimiter}${process.env.PATH}`, NPM_CONFIG_USERCONFIG: userConfig },
      timeout: 60_000,
    }).trim();
    expect(registry).toBe(REGISTRY);
  }, 120_000);
});
