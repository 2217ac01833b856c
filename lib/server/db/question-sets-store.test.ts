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

  /** Rows of every kind of text, wide enough that a version takes many pieces (about 256 KB each). */
  const wideRows = (count: number, tag: string) =>
    Array.from({ length: count }, (_, i) => ({
      question: `${tag} ${i} ${"ä漢🙂\u0000\"\\\n".repeat(40)} ${"x".repeat(i % 997)}`,
      expected: i % 3 === 0 ? "née, 東京, 👩‍👩‍👧" : undefined,
      tags: [`t${i % 7}`],
    }));
  const piecesOf = (storageId: string | null) =>
    testDb.db.kysely.selectFrom("question_set_pieces").select(["piece"]).where("storage_id", "=", storageId ?? "").execute();
  const versionRow = (setId: string, version: number) =>
    testDb.db.kysely.selectFrom("question_set_versions").select(["pieces", "piece_count", "rows"]).where("set_id", "=", setId).where("version", "=", version).executeTakeFirstOrThrow();

  it("round-trips a version stored in many pieces exactly: rows, order, unicode", async () => {
    const rows = JSON.parse(JSON.stringify(wideRows(3000, "rt"))) as unknown[];
    await store.create({ id: "rt", name: "Round trip", rows, userEmail: "editor@test.local" });
    const stored = await versionRow("rt", 1);
    expect(stored.rows).toBe("");
    expect(stored.piece_count).toBeGreaterThan(5);
    expect(await piecesOf(stored.pieces)).toHaveLength(stored.piece_count ?? 0);
    expect((await store.get("rt"))?.rows).toEqual(rows);
    // An empty version is a piece of its own and reads back empty.
    expect(await store.addVersion({ id: "rt", baseVersion: 1, rows: [], userEmail: "editor@test.local" })).toBe(2);
    expect((await store.get("rt", 2))?.rows).toEqual([]);
    expect((await store.get("rt", 1))?.rows).toEqual(rows);
  });

  it("still reads a version saved before pieces (its rows as one JSON array in the version's row)", async () => {
    const at = new Date().toISOString();
    const rows = [{ question: "old 🙂?" }, { question: "older?", tags: ["a"] }];
    await testDb.db.kysely.insertInto("question_sets").values({ id: "old", name: "Old", latest: 1, created_by: "editor@test.local", created_at: at, updated_at: at }).execute();
    // As migration 14 leaves a version written before it: `pieces` and `piece_count` NULL.
    await testDb.db.kysely
      .insertInto("question_set_versions")
      .values({ set_id: "old", version: 1, rows: JSON.stringify(rows), row_count: 2, created_by: "editor@test.local", created_at: at, pieces: null, piece_count: null })
      .execute();
    expect((await store.get("old"))?.rows).toEqual(rows);
    expect(await store.addVersion({ id: "old", baseVersion: 1, rows: [...rows, { question: "new?" }], userEmail: "editor@test.local" })).toBe(2);
    expect((await store.get("old", 2))?.rows).toHaveLength(3);
    expect(await store.delete("old")).toBe(true);
  });

  it("a save cut between pieces leaves no visible version, and its pieces are swept", async () => {
    await store.create({ id: "cut", name: "Cut", rows: [{ question: "first?" }], userEmail: "editor@test.local" });
    // A second connection that dies (closed) once the save has written its first pieces: a crashed instance.
    const doomed = await testDb.reopen();
    const save = new QuestionSetsStore(doomed).addVersion({ id: "cut", baseVersion: 1, rows: wideRows(3000, "cut"), userEmail: "editor@test.local" });
    const settled = save.then(
      () => "saved",
      () => "failed",
    );
    const written = async () => Number((await testDb.db.kysely.selectFrom("question_set_pieces as p").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const before = await written();
    while ((await written()) < before + 2) await new Promise((resolve) => setImmediate(resolve));
    await doomed.close();
    expect(await settled).toBe("failed");
    // Nothing of the cut save is visible: the set is at version 1, version 2 does not read.
    expect((await store.describe("cut"))?.latest).toBe(1);
    expect(await store.get("cut", 2)).toBeUndefined();
    expect((await store.get("cut"))?.rows).toEqual([{ question: "first?" }]);
    // Its pieces are there, named by no version, and a sweep removes them, and only them.
    expect(await written()).toBeGreaterThan(before);
    expect(await store.sweepOrphans(new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(await store.sweepOrphans(new Date(Date.now() + 1000))).toBe(1);
    expect(await written()).toBe(before);
    expect((await store.get("rt", 1))?.rows).toHaveLength(3000);
    // The set goes on: the next save succeeds on version 1.
    expect(await store.addVersion({ id: "cut", baseVersion: 1, rows: [{ question: "second?" }], userEmail: "editor@test.local" })).toBe(2);
  });

  it("a refused save (a conflict) and a deleted set leave no pieces behind", async () => {
    const count = async () => Number((await testDb.db.kysely.selectFrom("question_set_pieces").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    await store.create({ id: "gone", name: "Gone", rows: wideRows(1000, "g"), userEmail: "editor@test.local" });
    await store.addVersion({ id: "gone", baseVersion: 1, rows: wideRows(1000, "h"), userEmail: "editor@test.local" });
    const before = await count();
    await expect(store.addVersion({ id: "gone", baseVersion: 1, rows: wideRows(1000, "i"), userEmail: "editor@test.local" })).rejects.toBeInstanceOf(QuestionSetVersionConflictError);
    expect(await count()).toBe(before);
    expect(await store.delete("gone")).toBe(true);
    expect(await count()).toBeLessThan(before);
    const named = await testDb.db.kysely.selectFrom("question_set_versions").select("pieces").where("pieces", "is not", null).execute();
    const left = await testDb.db.kysely.selectFrom("question_set_pieces").select("storage_id").distinct().execute();
    expect(left.map((p) => p.storage_id).sort()).toEqual(named.map((v) => v.pieces).sort());
  });
});
