import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSettingsFile } from "./settings-file";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-env-file-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the launcher's settings file", () => {
  it("reads .env, commented lines ignored, the environment winning over the file", () => {
    writeFileSync(path.join(dir, ".env"), "# PORT=1\nPORT=3100\nDATA_DIR=/srv/gatehouse\nGATEWAY_TIMEOUT_MS=5000\n");
    const env: Record<string, string | undefined> = { DATA_DIR: "/from/the/environment" };
    expect(loadSettingsFile(dir, env)).toBe(path.join(dir, ".env"));
    expect(env).toEqual({ PORT: "3100", DATA_DIR: "/from/the/environment", GATEWAY_TIMEOUT_MS: "5000" });
  });

  it("reads nothing without a file or with GATEHOUSE_ENV_FILE=none", () => {
    const env: Record<string, string | undefined> = {};
    expect(loadSettingsFile(dir, env)).toBeNull();
    writeFileSync(path.join(dir, ".env"), "PORT=3100\n");
    const opted: Record<string, string | undefined> = { GATEHOUSE_ENV_FILE: "none" };
    expect(loadSettingsFile(dir, opted)).toBeNull();
    expect(opted.PORT).toBeUndefined();
  });

  it("reads the file GATEHOUSE_ENV_FILE names, and refuses one that does not exist", () => {
    writeFileSync(path.join(dir, "prod.env"), "PORT=3200\n");
    const env: Record<string, string | undefined> = { GATEHOUSE_ENV_FILE: "prod.env" };
    loadSettingsFile(dir, env);
    expect(env.PORT).toBe("3200");
    expect(() => loadSettingsFile(dir, { GATEHOUSE_ENV_FILE: "missing.env" })).toThrow(/missing\.env, which does not exist/);
  });

  it("makes .env.example, uncommented as is, a file it reads", () => {
    const example = path.resolve(__dirname, "../../.env.example");
    const env: Record<string, string | undefined> = { GATEHOUSE_ENV_FILE: example };
    expect(loadSettingsFile(dir, env)).toBe(example);
    // Every line is a comment: nothing is set.
    expect(Object.keys(env)).toEqual(["GATEHOUSE_ENV_FILE"]);
  });
});
