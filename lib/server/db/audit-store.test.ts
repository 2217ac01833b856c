import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import type { AppDb } from "./app-db";
import { AuditStore } from "./audit-store";
import { openTestAppDb } from "../testing/test-support";

describe.each(APP_DB_DIALECTS)("AuditStore.lastAuthors on %s", (dialect) => {
  let dir: string;
  let db: AppDb;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-audit-"));
    db = await openTestAppDb(dialect, dir);
  });
  afterEach(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("gives the newest save of each named preset in one call, and nothing for presets nobody saved here", async () => {
    const audit = new AuditStore(db);
    const ann = { id: "u1", email: "ann@example.com", name: "Ann" };
    const bob = { id: "u2", email: "bob@example.com", name: "Bob" };
    await audit.recordPresetWrite({ slug: "a", version: 1, versionId: "a1", user: ann, at: new Date("2026-01-01T00:00:00Z") });
    await audit.recordPresetWrite({ slug: "b", version: 1, versionId: "b1", user: ann, at: new Date("2026-01-02T00:00:00Z") });
    await audit.recordPresetWrite({ slug: "a", version: 2, versionId: "a2", user: bob, at: new Date("2026-01-03T00:00:00Z") });
    await audit.recordPresetWrite({ slug: "c", version: 5, versionId: null, user: bob, at: new Date("2026-01-04T00:00:00Z") });

    const last = await audit.lastAuthors(["a", "b", "never-saved", "a"]);
    expect([...last.keys()].sort()).toEqual(["a", "b"]);
    expect(last.get("a")).toEqual({ slug: "a", version: 2, version_id: "a2", user_email: "bob@example.com", user_name: "Bob", created_at: "2026-01-03T00:00:00.000Z" });
    expect(last.get("b")).toMatchObject({ version: 1, user_email: "ann@example.com" });
    expect((await audit.lastAuthors(["c"])).get("c")).toMatchObject({ version: 5, version_id: null });
    expect((await audit.lastAuthors([])).size).toBe(0);
    // The same answer as the per-preset history's first entry.
    expect(last.get("a")).toEqual((await audit.listForPreset("a"))[0]);
  });
});
