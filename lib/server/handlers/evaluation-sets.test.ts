import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionSetListResponseSchema, QuestionSetSavedEnvelopeSchema, QuestionSetVersionEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import type { Role } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { createSet, deleteSet, exportSet, getSet, listSets, updateSet } from "./evaluation-sets";

/** Issue 27, the question sets' routes: real HTTP to the BFF's handlers, the app database on both dialects. */

const ROWS = [
  { question: "How does keyset pagination work?", expected: "a cursor", tags: ["db"], allowed_domains: ["use-the-index-luke.com"], time_sensitive: false },
  { question: "=SUM(A1:A9) is what kind of cell?", tags: [], allowed_domains: [], time_sensitive: true },
];

describe.each(APP_DB_DIALECTS)("evaluation question sets on %s", (dialect) => {
  let gateway: EmbeddedGateway;
  let bff: BffTestEnv;

  beforeAll(async () => {
    gateway = await startTestGateway({ answerTimeScale: 0 });
    bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, {}, { database: dialect });
  });
  afterAll(async () => {
    await bff.cleanup();
    await gateway.close();
  });

  const create = (json: unknown, role: Role = "editor") => createSet(bff.request("/api/evaluations/question-sets", { role, json }), params({}));
  const read = (id: string, query = "", role: Role = "viewer") => getSet(bff.request(`/api/evaluations/question-sets/${id}${query}`, { role }), params({ id }));
  const update = (id: string, json: unknown, role: Role = "editor") => updateSet(bff.request(`/api/evaluations/question-sets/${id}`, { role, method: "PUT", json }), params({ id }));
  const remove = (id: string, role: Role) => deleteSet(bff.request(`/api/evaluations/question-sets/${id}`, { role, method: "DELETE" }), params({ id }));
  const download = (id: string, query: string) => exportSet(bff.request(`/api/evaluations/question-sets/${id}/export${query}`, { role: "viewer" }), params({ id }));
  const list = async () => QuestionSetListResponseSchema.parse(await (await listSets(bff.request("/api/evaluations/question-sets", { role: "viewer" }), params({}))).json()).data;

  async function created(json: unknown) {
    const response = await create(json);
    expect(response.status, await response.clone().text()).toBe(201);
    return QuestionSetSavedEnvelopeSchema.parse(await response.json()).data;
  }

  /** A version's rows as an editor reads them (a save answers the version described, without its rows). */
  const rowsOf = async (id: string, query = "") => QuestionSetVersionEnvelopeSchema.parse(await (await read(id, query)).json()).data.rows;

  it("refuses a set created with bad JSON rows, naming each row and field, and stores nothing", async () => {
    const before = await list();
    const response = await create({ name: "Bad rows", rows: [{ question: "ok", allowed_domains: ["https://example.com/path"] }, { question: "" }] });
    expect(response.status).toBe(400);
    const issues = ErrorBodySchema.parse(await response.json()).error.metadata?.issues as { path: string }[];
    expect(issues.map((issue) => issue.path)).toEqual(["rows[0].allowed_domains[0]", "rows[1].question"]);
    expect(await list()).toHaveLength(before.length);
  });

  it("imports a CSV all or nothing: a bad row is reported by line and field, and nothing is stored", async () => {
    const before = await list();
    const text = ["question,allowed_domains", "Fine question,go.dev", "Second fine one,", "Bad domain,https://example.com/path", ",", ""].join("\n");
    const response = await create({ name: "Broken import", format: "csv", text });
    expect(response.status).toBe(400);
    const body = ErrorBodySchema.parse(await response.json());
    const errors = body.error.metadata?.errors as { line: number; field: string; message: string }[];
    expect(errors.map(({ line, field }) => ({ line, field }))).toEqual([
      { line: 4, field: "allowed_domains[0]" },
      { line: 5, field: "question" },
    ]);
    expect(body.error.metadata?.error_count).toBe(2);
    expect(await list()).toEqual(before);

    const good = await created({ name: "Good import", format: "jsonl", text: `${JSON.stringify({ question: "What is WAL?" })}\n` });
    expect(good.row_count).toBe(1);
    expect(await rowsOf(good.set_id)).toEqual([{ question: "What is WAL?", tags: [], allowed_domains: [], time_sensitive: false }]);
    expect((await list()).map((set) => set.id)).toContain(good.set_id);
  });

  it("refuses rows the question schema refuses, naming the field", async () => {
    const response = await create({ name: "Bad rows", rows: [{ question: "ok" }, { question: "x", tags: ["a;b"] }] });
    expect(response.status).toBe(400);
    const body = ErrorBodySchema.parse(await response.json());
    expect(JSON.stringify(body.error.metadata)).toContain("rows[1].tags[0]");
  });

  it("saves a new version on top of the newest and answers 409 naming the newest on a stale base", async () => {
    const set = await created({ name: "Versioned", rows: ROWS });
    expect(set).toMatchObject({ version: 1, latest: 1, created_by: "editor@test.local" });

    const saved = await update(set.set_id, { base_version: 1, rows: [ROWS[0]], note: "drop the formula row" });
    expect(saved.status).toBe(200);
    const answer = (await saved.json()) as { data: Record<string, unknown> };
    expect(QuestionSetSavedEnvelopeSchema.parse(answer).data).toMatchObject({ version: 2, latest: 2, row_count: 1 });
    expect(answer.data).not.toHaveProperty("rows");
    expect(await rowsOf(set.set_id)).toEqual([ROWS[0]]);

    const stale = await update(set.set_id, { base_version: 1, rows: ROWS });
    expect(stale.status).toBe(409);
    const conflict = ErrorBodySchema.parse(await stale.json());
    expect(conflict.error.metadata?.latest).toBe(2);
    expect(conflict.error.message).toContain("version 2");

    const first = QuestionSetVersionEnvelopeSchema.parse(await (await read(set.set_id, "?version=1")).json()).data;
    expect(first).toMatchObject({ version: 1, latest: 2, rows: ROWS });
    expect((await read(set.set_id, "?version=9")).status).toBe(404);
    expect((await read(set.set_id, "?version=zero")).status).toBe(400);
  });

  it("imports a file as a new version all or nothing: a bad row leaves the newest version as it was", async () => {
    const set = await created({ name: "Versioned by file", rows: ROWS });
    const broken = await update(set.set_id, { base_version: 1, format: "csv", text: "question,time_sensitive\nFine,no\nBad flag,maybe\n" });
    expect(broken.status).toBe(400);
    const body = ErrorBodySchema.parse(await broken.json());
    expect(body.error.metadata?.errors).toEqual([{ line: 3, field: "time_sensitive", message: expect.any(String) }]);
    expect(QuestionSetVersionEnvelopeSchema.parse(await (await read(set.set_id)).json()).data).toMatchObject({ version: 1, latest: 1 });

    const badRows = await update(set.set_id, { base_version: 1, rows: [{ question: "ok", allowed_domains: ["https://example.com/path"] }, { question: "" }] });
    expect(badRows.status).toBe(400);
    const issues = ErrorBodySchema.parse(await badRows.json()).error.metadata?.issues as { path: string }[];
    expect(issues.map((issue) => issue.path)).toEqual(["rows[0].allowed_domains[0]", "rows[1].question"]);

    const fixed = await update(set.set_id, { base_version: 1, format: "csv", text: "question,time_sensitive\nFine,no\nBad flag,yes\n" });
    expect(fixed.status).toBe(200);
    expect(QuestionSetSavedEnvelopeSchema.parse(await fixed.json()).data).toMatchObject({ version: 2, row_count: 2 });
    expect(await rowsOf(set.set_id)).toMatchObject([
      { question: "Fine", time_sensitive: false },
      { question: "Bad flag", time_sensitive: true },
    ]);
  });

  it("exports a version as a CSV or JSONL download that imports back unchanged, formulas neutralised", async () => {
    const set = await created({ name: '../Q "sets"/évals\r\nx', rows: ROWS });
    const csv = await download(set.set_id, "?format=csv&version=1");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const disposition = csv.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.csv"$/);
    expect(disposition).toBe('attachment; filename="Q-sets-evals-x-v1.csv"');
    const text = await csv.text();
    expect(text).toContain("'=SUM(A1:A9)");
    const again = await created({ name: "round trip", format: "csv", text });
    expect(await rowsOf(again.set_id)).toEqual(ROWS);

    const jsonl = await download(set.set_id, "?format=jsonl");
    expect(jsonl.headers.get("content-type")).toMatch(/^application\/jsonl/);
    expect(jsonl.headers.get("content-disposition")).toMatch(/filename="[A-Za-z0-9._-]+-v1\.jsonl"$/);
    expect(await rowsOf((await created({ name: "jsonl round trip", format: "jsonl", text: await jsonl.text() })).set_id)).toEqual(ROWS);
    expect((await download(set.set_id, "?format=xlsx")).status).toBe(400);
  });

  it("answers any create body in the contract: a set or an error naming the problem, never a 5xx", async () => {
    const text = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 6 }).map((cells) => `question,tags\n${cells.join(",")}\n"${cells.join("\n")}`));
    const body = fc.oneof(
      fc.record({ name: fc.string({ maxLength: 10 }), format: fc.constantFrom("csv", "jsonl", "xlsx"), text }, { requiredKeys: ["format"] }),
      fc.record({ name: fc.constant("fuzz"), rows: fc.jsonValue({ maxDepth: 3 }) }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (json) => {
        const response = await create(json);
        expect(response.status, JSON.stringify(json)).toBeLessThan(500);
        if (response.status !== 201) ErrorBodySchema.parse(await response.json());
      }),
      { numRuns: 80 },
    );
  });

  it("lets viewers read, editors write and only admins delete", async () => {
    expect((await create({ name: "viewer's", rows: ROWS }, "viewer")).status).toBe(403);
    const set = await created({ name: "To delete", rows: ROWS });
    expect((await read(set.set_id, "", "viewer")).status).toBe(200);
    expect((await update(set.set_id, { base_version: 1, rows: ROWS }, "viewer")).status).toBe(403);
    expect((await remove(set.set_id, "editor")).status).toBe(403);
    expect((await read(set.set_id)).status).toBe(200);
    expect((await remove(set.set_id, "admin")).status).toBe(204);
    expect((await read(set.set_id)).status).toBe(404);
    expect((await remove(set.set_id, "admin")).status).toBe(404);
    expect((await read("not-an-id")).status).toBe(400);
  });
});
