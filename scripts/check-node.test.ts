import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");

/**
 * The pinned Node 20 of scripts/bootstrap-node.sh, an end-of-life Node, if it was fetched: nothing is downloaded
 * inside a test (a slow registry would turn into a timeout here). `.ci/run` fetches it before the tests, with
 * retries; elsewhere run `scripts/bootstrap-node.sh 20` once.
 */
function fetchedNode20Bin(): string | null {
  const run = spawnSync(path.join(root, "scripts/bootstrap-node.sh"), ["20", "--if-fetched"], { cwd: root, encoding: "utf8", timeout: 30_000 });
  return run.status === 0 ? run.stdout.trim() : null;
}

const NOT_FETCHED = "Node 20 is not fetched: run `scripts/bootstrap-node.sh 20` (.ci/run does, before the tests)";

describe("an unsupported Node", () => {
  it.for(["start", "test"])("`npm %s` on Node 20 stops at once with one line saying which versions work", (script, context) => {
    const bin = fetchedNode20Bin();
    if (!bin) return context.skip(NOT_FETCHED);
    const run = spawnSync("npm", [script], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, npm_config_update_notifier: "false" },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("gatehouse: Node 20.20.2 is not supported; use Node 22, 24 or 26");
    expect(run.stderr).toContain("nvm install");
    // Stopped before anything else ran: no build, no test step, no native crash.
    expect(run.stdout).not.toMatch(/building|=== lint/);
    expect(run.stderr).not.toMatch(/Assertion failed|Segmentation fault/);
  });
});

describe("a supported Node", () => {
  it("passes the check silently", () => {
    const run = spawnSync(process.execPath, [path.join(root, "scripts/check-node.mjs")], { encoding: "utf8" });
    expect(process.versions.node.split(".")[0]).not.toBe("20");
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });
});
