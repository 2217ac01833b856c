import { beforeAll, describe, expect, it } from "vitest";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { useTestAppDb } from "../testing/test-app-db";
import { QuestionSetsStore, QuestionSetVersionConflictError } from "./question-sets-store";

describe.each(APP_DB_DIALECTS)("question sets on %s", (dialect) => {
  const testDb = useTestAppDb(dialect, "gatehouse-question-sets-");
  let store: QuestionSetsStore;
  beforeAll(() => {
    store = new QuestionSetsStore(testDb.db);
  });

  it("keeps every version: an edit adds one, and the old one still reads as it was", async () => {
    await store.create({ id: "s1", name: "Search", rows: [{ question: "a?" }], userEmail: "editor@test.local" });
    const version = await store.addVersion({ id: "s1", baseVersion: 1, rows: [{ question: "a?" }, { question: "b?" }], userEmail: "admin@test.local", note: "added b" });
    expect(version).toBe(2);
    expect((await store.get("s1"))?.rows).toEqual([{ question: "a?" }, { question: "b?" }]);
    expect((await store.get("s1", 1))?.rows).toEqual([{ question: "a?" }]);
    expect(await store.get("s1", 3)).toBeUndefined();
    const [listed] = (await store.list()).filter((set) => set.id === "s1");
    expect(listed).toMatchObject({ name: "Search", latest: 2, row_count: 2 });
  });

  it("refuses an edit made on an old version instead of overwriting the newer one", async () => {
    await store.create({ id: "s2", name: "Conflict", rows: [], userEmail: "editor@test.local" });
    await store.addVersion({ id: "s2", baseVersion: 1, rows: [{ question: "x?" }], userEmail: "editor@test.local" });
    const stale = store.addVersion({ id: "s2", baseVersion: 1, rows: [{ question: "y?" }], userEmail: "admin@test.local" });
    await expect(stale).rejects.toBeInstanceOf(QuestionSetVersionConflictError);
    await expect(stale).rejects.toMatchObject({ latest: 2 });
    expect((await store.get("s2"))?.rows).toEqual([{ question: "x?" }]);
  });

  it("deletes a set with all its versions", async () => {
    await store.create({ id: "s3", name: "Gone", rows: [{ question: "q?" }], userEmail: "editor@test.local" });
    expect(await store.delete("s3")).toBe(true);
    expect(await store.get("s3", 1)).toBeUndefined();
    expect(await store.delete("s3")).toBe(false);
    const left = await testDb.db.kysely.selectFrom("question_set_versions").select("set_id").where("set_id", "=", "s3").execute();
    expect(left).toEqual([]);
  });
});
