import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvalRunEnvelopeSchema, EvalRunListResponseSchema, QuestionSetVersionEnvelopeSchema } from "@/lib/contract/bff/evaluations";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { EmbeddedGateway } from "@/lib/embedded-gateway/server";
import { startTestGateway } from "@/lib/embedded-gateway/testing/harness";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { createSet } from "./evaluations";
import { cancelEvalRun, createEvalRun, getEvalRun, listEvalRuns } from "./evaluations-runs";

/**
 * Issue 36, findings 7 to 9: what evaluation imports, the set page's reads and the run lists cost the server, through
 * the BFF's handlers with real Requests, a real embedded gateway and a real app database. The event-loop figures
 * are measured over HTTP in evaluation-event-loop.test.ts; these tests pin the bounds themselves.
 */

let gateway: EmbeddedGateway;
let bff: BffTestEnv;

beforeAll(async () => {
  gateway = await startTestGateway({ answerTimeScale: 0 });
  bff = await setUpBff({ baseUrl: gateway.baseUrl, apiKey: gateway.apiKey });
});
afterAll(async () => {
  await bff.cleanup();
  await gateway.close();
});

async function newSet(rows: number): Promise<string> {
  const json = { name: "inputs", rows: Array.from({ length: rows }, (_, i) => ({ question: `Question ${i}?` })) };
  const response = await createSet(bff.request("/api/eval/question-sets", { role: "editor", json }), params({}));
  expect(response.status, await response.clone().text()).toBe(201);
  return QuestionSetVersionEnvelopeSchema.parse(await response.json()).data.set_id;
}

describe("run lists leave out request bodies and come a page at a time (finding 9)", () => {
  const listRaw = async (query: string) => listEvalRuns(bff.request(`/api/eval/runs${query}`, { role: "viewer" }), params({}));

  it("lists runs without their plans (the versions' requests and system prompts), newest first, paged by cursor", async () => {
    const setId = await newSet(2);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await createEvalRun(bff.request("/api/eval/runs", { role: "editor", json: { set_id: setId, preset: "web-research", versions: [1], concurrency: 1, cap_usd: 1 } }), params({}));
      expect(response.status, await response.clone().text()).toBe(201);
      const id = EvalRunEnvelopeSchema.parse(await response.json()).data.id;
      ids.unshift(id);
      await cancelEvalRun(bff.request(`/api/eval/runs/${id}/cancel`, { role: "editor", method: "POST" }), params({ id }));
    }
    // The run itself still carries its plan, with the preset's request.
    const detail = EvalRunEnvelopeSchema.parse(await (await getEvalRun(bff.request(`/api/eval/runs/${ids[0]}`, { role: "viewer" }), params({ id: ids[0] }))).json()).data;
    const request = JSON.stringify((detail.plan.versions as { request: unknown }[])[0].request);
    expect(request.length).toBeGreaterThan(50);

    const first = await listRaw(`?set_id=${setId}&limit=2`);
    const text = await first.text();
    expect(text).not.toContain('"plan"');
    expect(text).not.toContain('"request"');
    const page = EvalRunListResponseSchema.parse(JSON.parse(text));
    expect(page.data.map((run) => run.id)).toEqual(ids.slice(0, 2));
    expect(page.data[0].versions).toEqual([{ id: "@preset/web-research@1", label: expect.stringContaining("web-research") }]);
    expect(page.next_cursor).not.toBeNull();
    const second = EvalRunListResponseSchema.parse(await (await listRaw(`?set_id=${setId}&limit=2&cursor=${page.next_cursor}`)).json());
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
