import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvaluationRunEnvelopeSchema, EvaluationRunListResponseSchema, QuestionSetSavedEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { QUESTION_LIMITS } from "@/lib/evaluations/questions";
import { QuestionSetRowsPageEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { ROWS_PER_PAGE } from "@/lib/question-sets/draft";
import { HttpError } from "../http/errors";
import { readQuestionSetRows } from "../services/evaluation-sets";
import { pageCharge } from "../services/gateway-charge";
import { createSet, getSetRows, updateSet } from "./evaluation-sets";
import { cancelEvaluationRun, createEvaluationRun, getEvaluationRun, listEvaluationRuns } from "./evaluation-runs";

/**
 * Issue 36, findings 7 to 9: what evaluation imports, the set page's reads and the run lists cost the server, through
 * the BFF's handlers with real Requests, a real embedded gateway and a real app database. The event-loop figures
 * are measured over HTTP in evaluation-event-loop.test.ts; these tests pin the bounds themselves.
 */

const IMPORTS_PER_MINUTE = 8;
const ROWS_PER_USER = 25_000;
/** Each user's reads per minute here: the set page's reads must take from it as /api reads do. */
const GATEWAY_PER_MINUTE = 80;

let gateway: EmbeddedGateway;
let bff: BffTestEnv;

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey }, {
    RATE_LIMIT_IMPORTS_PER_MINUTE: String(IMPORTS_PER_MINUTE),
    EVAL_MAX_QUESTION_ROWS_PER_USER: String(ROWS_PER_USER),
    RATE_LIMIT_GATEWAY_PER_MINUTE: String(GATEWAY_PER_MINUTE),
  });
});
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});

async function newSet(rows: number): Promise<string> {
  const json = { name: "inputs", rows: Array.from({ length: rows }, (_, i) => ({ question: `Question ${i}?` })) };
  const response = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json }), params({}));
  expect(response.status, await response.clone().text()).toBe(201);
  return QuestionSetSavedEnvelopeSchema.parse(await response.json()).data.set_id;
}

describe("run lists leave out request bodies and come a page at a time (finding 9)", () => {
  const listRaw = async (query: string) => listEvaluationRuns(bff.request(`/api/evaluations/runs${query}`, { role: "viewer" }), params({}));

  it("lists runs without their plans (the versions' requests and system prompts), newest first, paged by cursor", async () => {
    const setId = await newSet(2);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await createEvaluationRun(bff.request("/api/evaluations/runs", { role: "editor", json: { set_id: setId, preset: "web-research", versions: [1], concurrency: 1, cap_usd: 1 } }), params({}));
      expect(response.status, await response.clone().text()).toBe(201);
      const id = EvaluationRunEnvelopeSchema.parse(await response.json()).data.id;
      ids.unshift(id);
      await cancelEvaluationRun(bff.request(`/api/evaluations/runs/${id}/cancel`, { role: "editor", method: "POST" }), params({ id }));
    }
    // The run itself still carries its plan, with the preset's request.
    const detail = EvaluationRunEnvelopeSchema.parse(await (await getEvaluationRun(bff.request(`/api/evaluations/runs/${ids[0]}`, { role: "viewer" }), params({ id: ids[0] }))).json()).data;
    const request = JSON.stringify((detail.plan.versions as { request: unknown }[])[0].request);
    expect(request.length).toBeGreaterThan(50);

    const first = await listRaw(`?set_id=${setId}&limit=2`);
    const text = await first.text();
    expect(text).not.toContain('"plan"');
    expect(text).not.toContain('"request"');
    const page = EvaluationRunListResponseSchema.parse(JSON.parse(text));
    expect(page.data.map((run) => run.id)).toEqual(ids.slice(0, 2));
    expect(page.data[0].versions).toEqual([{ id: "@preset/web-research@1", label: expect.stringContaining("web-research"), ended: expect.any(Number), passed: expect.any(Number) }]);
    expect(page.next_cursor).not.toBeNull();
    const second = EvaluationRunListResponseSchema.parse(await (await listRaw(`?set_id=${setId}&limit=2&cursor=${page.next_cursor}`)).json());
    expect(second.data.map((run) => run.id)).toEqual(ids.slice(2));
    expect(second.next_cursor).toBeNull();
  });

  it("bounds the page size and refuses a cursor it did not give, naming the field", async () => {
    for (const query of ["?limit=51", "?limit=0", "?cursor=nonsense", `?cursor=${"x".repeat(201)}`]) {
      const response = await listRaw(query);
      expect(response.status, query).toBe(400);
      const body = ErrorBodySchema.parse(await response.json());
      expect(JSON.stringify(body.error.metadata), query).toMatch(/"path":"(limit|cursor)"/);
    }
  });
});

describe("imports stream, stop at the row or byte limit, and have their own rate limit and a storage quota (finding 7)", () => {
  /** A body that makes `lines` lines only as they are read, counting how many were. */
  function lazyBody(header: string, line: (i: number) => string, lines: number) {
    const state = { pulled: 0 };
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i === 0) controller.enqueue(new TextEncoder().encode(`${header}\n`));
        if (i >= lines) return controller.close();
        let text = "";
        for (const end = Math.min(lines, i + 1000); i < end; i++) text += `${line(i)}\n`;
        state.pulled = i;
        controller.enqueue(new TextEncoder().encode(text));
      },
    });
    return { state, body };
  }

  const importFile = (role: "editor" | "admin", query: string, type: string, body: BodyInit) =>
    createSet(bff.request(`/api/evaluations/question-sets?${query}`, { role, method: "POST", headers: { "content-type": type }, body }), params({}));

  it("imports a file sent as the body: a new set (CSV), then a new version (JSONL)", async () => {
    const created = await importFile("editor", "name=Streamed", "text/csv; charset=utf-8", "question,tags\nWhat is RE2?,regex\n");
    expect(created.status, await created.clone().text()).toBe(201);
    const set = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data;
    expect(set).toMatchObject({ name: "Streamed", version: 1, row_count: 1 });
    const request = bff.request(`/api/evaluations/question-sets/${set.set_id}?base_version=1&note=from%20a%20file`, {
      role: "editor",
      method: "PUT",
      headers: { "content-type": "application/x-ndjson" },
      body: '{"question":"a"}\n{"question":"b"}\n',
    });
    const updated = await updateSet(request, params({ id: set.set_id }));
    expect(updated.status, await updated.clone().text()).toBe(200);
    expect(QuestionSetSavedEnvelopeSchema.parse(await updated.json()).data).toMatchObject({ version: 2, note: "from a file", row_count: 2 });
  });

  it.each([
    ["text/csv", "question", (i: number) => `q${i}`],
    ["application/jsonl", '{"question":"q"}', (i: number) => `{"question":"q${i}"}`],
  ] as const)("refuses a million-row %s body at row 10,001, answering before the rest is sent (the report: 3.3-10.7 s frozen)", async (type, header, line) => {
    const file = lazyBody(header, line, 1_000_000);
    const response = await importFile("editor", "name=Huge", type, file.body);
    expect(response.status).toBe(400);
    const error = ErrorBodySchema.parse(await response.json()).error;
    expect(error.metadata).toMatchObject({ error_count: 1, errors: [{ field: "file", message: `has more than ${QUESTION_LIMITS.rowsMax} questions` }] });
    // Answered once parsing stopped at the limit (question-import.test.ts shows the parser reads no further), before
    // the rest of the body was even sent; the rest (under 16 MiB) is read and dropped, so the client gets this answer
    // rather than a reset.
    expect(file.state.pulled).toBeLessThan(1_000_000);
  });

  it("refuses a body over 16 MiB once it is past the limit, dropping at most 16 MiB more unread (413 for a declared length, before reading)", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024 * 1024;
        controller.enqueue(new TextEncoder().encode(`${"x".repeat(1024 * 1024 - 1)}\n`));
      },
    });
    const response = await importFile("editor", "name=Endless", "text/csv", endless);
    expect(response.status).toBe(400);
    expect(ErrorBodySchema.parse(await response.json()).error.metadata).toMatchObject({ errors: [{ field: "file", message: "is larger than 16 MiB" }] });
    // Give the drop its time, then see the body cancelled: 16 MiB parsed, at most 16 MiB dropped, no more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pulled).toBeLessThanOrEqual(2 * QUESTION_LIMITS.fileMaxBytes + 4 * 1024 * 1024);
    const declared = bff.request("/api/evaluations/question-sets?name=Big", { role: "editor", method: "POST", headers: { "content-type": "text/csv", "content-length": String(QUESTION_LIMITS.fileMaxBytes + 1) }, body: "question\nq\n" });
    expect((await createSet(declared, params({}))).status).toBe(413);
  });

  it("names the query field that is wrong (400)", async () => {
    const response = await importFile("editor", "note=x", "text/csv", "question\nq\n");
    expect(response.status).toBe(400);
    expect(JSON.stringify(ErrorBodySchema.parse(await response.json()).error.metadata)).toContain('"path":"name"');
  });

  it("takes one point of RATE_LIMIT_IMPORTS_PER_MINUTE per import, JSON text or file: 429 with Retry-After past it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < IMPORTS_PER_MINUTE + 1; i++) {
      const response =
        i % 2 === 0
          ? await importFile("admin", `name=Limited${i}`, "text/csv", "question\nq\n")
          : await createSet(bff.request("/api/evaluations/question-sets", { role: "admin", json: { name: `Limited${i}`, format: "csv", text: "question\nq\n" } }), params({}));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(ErrorBodySchema.parse(await response.json()).error.metadata).toMatchObject({ bucket: "imports", limit: IMPORTS_PER_MINUTE });
      }
    }
    expect(statuses).toEqual([...Array(IMPORTS_PER_MINUTE).fill(201), 429]);
    // Saving rows typed in the editor is not an import.
    const typed = await createSet(bff.request("/api/evaluations/question-sets", { role: "admin", json: { name: "Typed", rows: [{ question: "q" }] } }), params({}));
    expect(typed.status).toBe(201);
  });

  it("refuses (413, naming EVAL_MAX_QUESTION_ROWS_PER_USER) rows past the user's storage quota, every version counted", async () => {
    const rows = Array.from({ length: QUESTION_LIMITS.rowsMax }, (_, i) => ({ question: `Quota question ${i}?` }));
    const first = await createSet(bff.request("/api/evaluations/question-sets", { role: "viewer", json: { name: "Q", rows } }), params({}));
    expect(first.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: `Quota ${i}`, rows } }), params({}))).status);
    // The editor stored a few rows above; two full sets fit under 25,000, the third does not.
    expect(statuses).toEqual([201, 201, 413]);
    const refused = await createSet(bff.request("/api/evaluations/question-sets", { role: "editor", json: { name: "Quota again", rows } }), params({}));
    expect(ErrorBodySchema.parse(await refused.json()).error.metadata).toMatchObject({ setting: "EVAL_MAX_QUESTION_ROWS_PER_USER", limit_rows: ROWS_PER_USER });
  });
});

describe("the set page reads a page of rows at a time, charged like /api reads (finding 8)", () => {
  it("sends one page of a 10,000-row set, not the set (the report: 17.2 MB per load)", async () => {
    const rows = Array.from({ length: QUESTION_LIMITS.rowsMax }, (_, i) => ({ question: `${i} ${"q".repeat(QUESTION_LIMITS.questionMaxChars - 8)}`, expected: "e".repeat(1000) }));
    const created = await createSet(bff.request("/api/evaluations/question-sets", { role: "admin", json: { name: "Big", rows } }), params({}));
    expect(created.status).toBe(201);
    const id = QuestionSetSavedEnvelopeSchema.parse(await created.json()).data.set_id;
    const response = await getSetRows(bff.request(`/api/evaluations/question-sets/${id}/rows?offset=100&limit=${ROWS_PER_PAGE}`, { role: "viewer" }), params({ id }));
    const text = await response.text();
    const page = QuestionSetRowsPageEnvelopeSchema.parse(JSON.parse(text)).data;
    expect(page).toMatchObject({ name: "Big", version: 1, latest: 1, row_count: QUESTION_LIMITS.rowsMax, offset: 100, limit: ROWS_PER_PAGE });
    expect(page.rows).toHaveLength(ROWS_PER_PAGE);
    expect(page.rows[0].question.startsWith("100 ")).toBe(true);
    expect(text.length).toBeLessThan(200_000);
    const tooMany = await getSetRows(bff.request(`/api/evaluations/question-sets/${id}/rows?limit=201`, { role: "viewer" }), params({ id }));
    expect(tooMany.status).toBe(400);
  });

  it("charges the page's server read to the user's RATE_LIMIT_GATEWAY_PER_MINUTE: a 429 past it, as the /api read", async () => {
    const id = await newSet(3);
    const viewer = bff.userIds.viewer;
    let refused: HttpError | null = null;
    for (let i = 0; i <= GATEWAY_PER_MINUTE && !refused; i++) {
      try {
        await readQuestionSetRows(pageCharge(viewer), id, { offset: 0, limit: ROWS_PER_PAGE });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused = error;
      }
    }
    expect(refused?.status).toBe(429);
    // The browser's own read, after the page's, is refused too: one budget.
    const api = await getSetRows(bff.request(`/api/evaluations/question-sets/${id}/rows`, { role: "viewer" }), params({ id }));
    expect(api.status).toBe(429);
  });
});
