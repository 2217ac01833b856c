import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ErrorBodySchema, ResponseObjectSchema, type ResponseObject } from "@/lib/contract/gateway";
import { afterAll, describe, expect, it } from "vitest";
import { loadCorpus } from "./search/corpus";
import { startEmbeddedGateway } from "./server";
import { caller, fileTestGateway, readSse, sliceCodePoints } from "./testing/harness";

/*
 * Issue 27, item 5: answers an evaluation can compare. Over HTTP against a real embedded gateway
 * (answer pacing off: answerTimeScale 0, so the 90 answers of the demo sweep take seconds).
 */

const { api } = fileTestGateway({ answerTimeScale: 0 });

type Citation = { url: string; start_index: number; end_index: number; content?: string };
interface Answer {
  text: string;
  citations: Citation[];
  sources: string[];
  response: ResponseObject;
}

const QUESTIONS = fs
  .readFileSync(path.join(process.cwd(), "lib/evaluations/demo/web-research-questions.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { question: string; expected: string; tags: string[]; allowed_domains: string[]; time_sensitive: boolean });

const CORPUS = new Map(loadCorpus("fixed").map((doc) => [doc.url, doc.text]));

function answerOf(response: ResponseObject): Answer {
  const message = response.output.find((item) => item.type === "message") as { content: { text: string; annotations: Citation[] }[] };
  const search = response.output.find((item) => item.type === "web_search_call" || item.type === "openrouter:web_search") as
    | { action: { sources?: { url: string }[] } }
    | undefined;
  return { text: message.content[0].text, citations: message.content[0].annotations, sources: (search?.action.sources ?? []).map((s) => s.url), response };
}

async function ask(body: Record<string, unknown>): Promise<Answer> {
  const response = await api("/responses", { method: "POST", json: body });
  const json = await response.json();
  expect(response.status, JSON.stringify(json).slice(0, 300)).toBe(200);
  return answerOf(ResponseObjectSchema.parse(json));
}

/** What a citation's span says once its Markdown (bold markers, escapes) is taken away. */
const plainSpan = (answer: Answer, c: Citation) =>
  sliceCodePoints(answer.text, c.start_index, c.end_index)
    .replace(/\*\*/g, "")
    .replace(/\\([!-/:-@[-`{-~])/g, "$1");

function expectExactCitations(answer: Answer) {
  for (const c of answer.citations) {
    const span = plainSpan(answer, c);
    expect(span.length).toBeGreaterThan(0);
    // The span is a sentence of the cited page, and the annotation's content starts with it.
    expect(CORPUS.get(c.url), c.url).toContain(span);
    expect(c.content!.startsWith(span)).toBe(true);
    // Every cited page is one the search reported.
    expect(answer.sources).toContain(c.url);
  }
}

const urlsOf = (answer: Answer) => [...new Set(answer.citations.map((c) => c.url))].sort().join(" ");
const comparable = (answer: Answer) => JSON.stringify([answer.text, answer.citations, answer.sources]);

describe("the same request always gets the same answer", () => {
  it("twice as JSON, and streamed: identical text, citations and sources", async () => {
    const body = { model: "@preset/web-research@3", input: QUESTIONS[0].question };
    const [a, b] = [await ask(body), await ask(body)];
    expect(a.citations.length).toBeGreaterThan(0);
    expect(comparable(b)).toBe(comparable(a));
    const streamed = await readSse(await api("/responses", { method: "POST", json: { ...body, stream: true } }));
    const completed = streamed.events.find((event) => event.type === "response.completed") as { response: ResponseObject };
    expect(comparable(answerOf(completed.response))).toBe(comparable(a));
  });

  it("a seed draws another reproducible answer, only with a temperature above 0", async () => {
    const base = { model: "gatehouse/scholar", input: "How long does a worker bee live?", plugins: [{ id: "web", max_results: 8 }] };
    const warm = { ...base, temperature: 1.2 };
    const draws = await Promise.all([1, 2, 3, 4].map((seed) => ask({ ...warm, seed })));
    expect(new Set(draws.map(comparable)).size).toBeGreaterThan(1);
    expect(comparable(await ask({ ...warm, seed: 2 }))).toBe(comparable(draws[1]));
    // At temperature 0 the seed changes nothing, as with real models.
    expect(comparable(await ask({ ...base, temperature: 0, seed: 7 }))).toBe(comparable(await ask({ ...base, temperature: 0 })));
    const bad = await api("/responses", { method: "POST", json: { ...base, seed: "one" } });
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(await bad.json()).error.message).toContain("seed");
  });
});

describe("settings shape the answer", () => {
  const question = "What is the difference between no-cache and no-store?";
  const tool = (parameters: Record<string, unknown>) => [{ type: "openrouter:web_search", parameters: { max_results: 8, ...parameters } }];

  it("the system prompt: brief answers quote fewer sentences, thorough ones more", async () => {
    const plain = await ask({ model: "gatehouse/scholar", input: question, tools: tool({}) });
    const brief = await ask({ model: "gatehouse/scholar", input: question, tools: tool({}), instructions: "Be brief." });
    const thorough = await ask({ model: "gatehouse/scholar", input: question, tools: tool({}), instructions: "Be thorough." });
    expect(brief.citations.length).toBeLessThan(plain.citations.length);
    expect(thorough.citations.length).toBeGreaterThan(plain.citations.length);
    for (const answer of [plain, brief, thorough]) expectExactCitations(answer);
  });

  it("search_context_size: low quotes one sentence a source with short contents, high longer ones", async () => {
    const low = await ask({ model: "gatehouse/scholar", input: question, tools: tool({ search_context_size: "low" }) });
    const high = await ask({ model: "gatehouse/scholar", input: question, tools: tool({ search_context_size: "high" }) });
    expect(new Set(low.citations.map((c) => c.url)).size).toBe(low.citations.length);
    const longest = (answer: Answer) => Math.max(...answer.citations.map((c) => c.content!.length));
    expect(longest(low)).toBeLessThanOrEqual(160 + 200);
    expect(longest(high)).toBeGreaterThan(longest(low));
    expect(high.citations.length).toBeGreaterThan(low.citations.length);
    expectExactCitations(low);
    expectExactCitations(high);
  });

  it("usage reports the cost from the catalog's prices, web search included", async () => {
    const models = (await (await api("/models")).json()) as { data: { id: string; pricing: Record<string, string> }[] };
    const swift = models.data.find((m) => m.id === "gatehouse/swift")!.pricing;
    const answer = await ask({ model: "gatehouse/swift", input: question, plugins: [{ id: "web" }] });
    const usage = answer.response.usage as unknown as { input_tokens: number; output_tokens: number; cost: number; server_tool_use_details: { web_search_requests: number } };
    const expected = usage.input_tokens * Number(swift.prompt) + usage.output_tokens * Number(swift.completion) + Number(swift.web_search);
    expect(usage.cost).toBeCloseTo(expected, 7);
    expect(usage.server_tool_use_details.web_search_requests).toBe(1);
  });
});

describe("the demo question set against the seeded web-research versions", () => {
  it("is about 30 well-formed questions on the corpus's hosts", () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(25);
    const hosts = new Set([...CORPUS.keys()].map((url) => new URL(url).hostname));
    for (const q of QUESTIONS) {
      expect(q.question.length).toBeGreaterThan(10);
      expect(q.expected.length).toBeGreaterThan(0);
      expect(q.tags.length).toBeGreaterThan(0);
      for (const domain of q.allowed_domains) expect(hosts.has(domain), domain).toBe(true);
    }
    expect(QUESTIONS.filter((q) => q.time_sensitive).length).toBeGreaterThanOrEqual(3);
  });

  it("versions answer most questions with different text and different cited sources, every citation exact", async () => {
    const answers = await Promise.all(QUESTIONS.map((q) => Promise.all([1, 2, 3].map((v) => ask({ model: `@preset/web-research@${v}`, input: q.question })))));
    const share = (a: number, b: number, of: (x: Answer) => string) => answers.filter((set) => of(set[a - 1]) !== of(set[b - 1])).length / answers.length;
    const text = (x: Answer) => x.text;
    // v1 -> v2 changes only max_results (3 -> 8); v3 also the engine, a domain filter, the temperature and the prompt.
    expect(share(1, 2, urlsOf)).toBeGreaterThanOrEqual(0.6);
    expect(share(2, 3, urlsOf)).toBeGreaterThanOrEqual(0.7);
    expect(share(1, 3, urlsOf)).toBeGreaterThanOrEqual(0.6);
    expect(share(2, 3, text)).toBeGreaterThanOrEqual(0.9);
    expect(share(1, 3, text)).toBeGreaterThanOrEqual(0.9);
    answers.forEach((set, i) => {
      for (const answer of set) expectExactCitations(answer);
      // The corpus answers every question: some version cites one of its expected domains.
      const cited = new Set(set.flatMap((answer) => answer.citations.map((c) => new URL(c.url).hostname)));
      expect(QUESTIONS[i].allowed_domains.some((domain) => cited.has(domain)), QUESTIONS[i].question).toBe(true);
      // v1 searches 3 results, v2 and v3 8.
      expect(set[0].sources.length).toBeLessThanOrEqual(3);
    });
  });

  it("a pinned version that does not exist is a 404 naming it; a malformed one a 400 on model", async () => {
    const missing = await api("/responses", { method: "POST", json: { model: "@preset/web-research@99", input: "hi" } });
    expect(missing.status).toBe(404);
    expect(ErrorBodySchema.parse(await missing.json()).error.message).toContain("no version 99");
    const malformed = await api("/responses", { method: "POST", json: { model: "@preset/web-research@latest", input: "hi" } });
    expect(malformed.status).toBe(400);
    expect(ErrorBodySchema.parse(await malformed.json()).error.message).toContain("model");
  });
});

describe("a gateway stopped and started again", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gatehouse-eval-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("keeps its presets and versions, and answers a pinned version as before", async () => {
    const start = () => startEmbeddedGateway({ dataDir, port: 0, demoFiles: 0, corpus: "fixed", answerTimeScale: 0 });
    const body = { model: "@preset/web-research@1", input: QUESTIONS[3].question };
    const first = await start();
    const admin = caller(first, first.managementKey);
    const saved = await admin("/presets/eval-restart/chat/completions", {
      method: "POST",
      json: { model: "gatehouse/swift", plugins: [{ id: "web", max_results: 2 }], messages: [{ role: "user", content: "x" }] },
    });
    expect(saved.status).toBe(200);
    const before = answerOf(ResponseObjectSchema.parse(await (await caller(first)("/responses", { method: "POST", json: body })).json()));
    await first.close();

    const second = await start();
    try {
      const again = answerOf(ResponseObjectSchema.parse(await (await caller(second)("/responses", { method: "POST", json: body })).json()));
      expect(comparable(again)).toBe(comparable(before));
      expect((await caller(second, second.managementKey)("/presets/eval-restart/versions/1")).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});
