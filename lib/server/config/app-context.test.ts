import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appContext, closeAppContexts } from "./app-context";
import { resetServerEnv } from "./env";

const SCRUBBED = ["DEMO_PASSWORD", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_ROLE_MAP", "DATABASE_URL"];

describe("demo accounts in embedded mode", () => {
  let dataDir: string;
  const saved = { ...process.env };

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-context-"));
    for (const name of SCRUBBED) delete process.env[name];
    Object.assign(process.env, {
      GATEWAY_URL: "http://127.0.0.1:9/api/v1",
      GATEWAY_API_KEY: "unused",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATA_DIR: dataDir,
      GATEHOUSE_MODE: "embedded",
    });
    resetServerEnv();
    await closeAppContexts();
  });

  afterEach(async () => {
    await closeAppContexts();
    process.env = { ...saved };
    resetServerEnv();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("are created with a new database and never resurrected once removed", async () => {
    const first = await appContext();
    const admin = await first.users.findByEmail("admin@demo.local");
    expect(admin?.isDemo).toBe(true);
    // A team keeps using the data folder: they add a real admin and remove the demo admin.
    await first.users.create({ email: "owner@example.com", role: "admin", password: "a real password" });
    expect(await first.users.remove(admin!.id)).toBe(true);

    await closeAppContexts(); // the next start of the server
    const second = await appContext();
    expect(await second.users.findByEmail("admin@demo.local")).toBeUndefined();
    expect((await second.users.findByEmail("editor@demo.local"))?.isDemo).toBe(true);
  });

  it("are not reset to the demo password on the next start", async () => {
    const first = await appContext();
    const password = first.demo!.password;
    const editor = (await first.users.findByEmail("editor@demo.local"))!;
    await first.users.update(editor.id, { password: "the editor's own password" });

    await closeAppContexts();
    const second = await appContext();
    expect(await second.users.verifyCredentials("editor@demo.local", password)).toBeNull();
    expect(await second.users.verifyCredentials("editor@demo.local", "the editor's own password")).not.toBeNull();
  });
});
