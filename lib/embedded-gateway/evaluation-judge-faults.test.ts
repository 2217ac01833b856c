import { ErrorBodySchema, MESSAGES, ResponseObjectSchema, type ResponseObject } from "@/lib/contract/gateway";
import { afterEach, describe, expect, it } from "vitest";
import { fileTestGateway, readSse } from "./testing/harness";

/*
 * Issue 27, item 5: the gatehouse/judge model's protocol, and the faults an evaluation runner's
 * tests switch on (POST /__faults), over HTTP against a real embedded gateway.
 */

const { api, admin } = fileTestGateway({ answerTimeScale: 0 });

const JUDGE = "gatehouse/judge";
const rubric = (criteria: string, answer: string) => `<rubric>\n${criteria}\n</rubric>\n<answer>\n${answer}\n</answer>`;
const claim = (span: string, source: string) => `<claim>\n${span}\n</claim>\n<source>\n${source}\n</source>`;

const textOf = (response: ResponseObject) =>
  (response.output.find((item) => item.type === "message") as { content: { text: string }[] }).content[0].text;

async function judge(input: string, extra: Record<string, unknown> = {}) {
  const response = await api("/responses", { method: "POST", json: { model: JUDGE, input, ...extra } });
  expect(response.status).toBe(200);
  const parsed = ResponseObjectSchema.parse(await response.json());
  // The reply is exactly one JSON object, nothing around it.
  return { verdict: JSON.parse(textOf(parsed)) as { score: number; reasoning: string; supported?: boolean }, response: parsed };
}

describe("gatehouse/judge", () => {
  it("with the question and the expected answer, grades those (not the rubric's wording), labelled as the demo judge", async () => {
    const question = "What does the Cache-Control max-age directive do?";
    const expected = "max-age sets how long a cached response stays fresh, in seconds";
    const answer = "The max-age directive sets how long, in seconds, a cached response stays fresh.";
    const natural = `<question>\n${question}\n</question>\n<expected>\n${expected}\n</expected>\n<rubric>\nThe answer directly answers the question and stays on topic\n</rubric>\n<answer>\n${answer}\n</answer>`;
    const { verdict } = await judge(natural);
    // The natural rubric scored 0 before (it shares no word with the answer); now the expected answer's and the question's words decide.
    expect(verdict.score).toBeGreaterThan(0.7);
    expect(verdict.reasoning).toMatch(/^Demo judge \(word overlap, not a language model\): the answer has \d+ of the expected answer's/);
    const offTopic = await judge(natural.replace(answer, "ESLint reports unused variables."));
    expect(offTopic.verdict.score).toBe(0);
    // An expected-only request grades the expected answer's words alone.
    const onlyExpected = await judge(`<question>\n${question}\n</question>\n<expected>\n${expected}\n</expected>\n<answer>\n${answer}\n</answer>`);
    expect(onlyExpected.verdict.score).toBe(1);
    // A support request with the sentence and the question: supported is about the sentence; relevant about the question.
    const support = await judge(`<question>\n${question}\n</question>\n<sentence>\nmax-age tells caches how many seconds a response stays fresh.\n</sentence>\n<claim>\nmax-age\n</claim>\n<source>\nThe max-age directive says how many seconds a response stays fresh in caches.\n</source>`);
    expect(support.verdict).toMatchObject({ supported: true, relevant: true });
    const eslint = await judge(`<question>\n${question}\n</question>\n<sentence>\nmax-age tells caches how many seconds a response stays fresh.\n</sentence>\n<claim>\nmax-age\n</claim>\n<source>\nDisallow unused variables in JavaScript code.\n</source>`);
    expect(eslint.verdict).toMatchObject({ supported: false, relevant: false });
  });

  it("scores a rubric by the share of its content words in the answer, naming matched and missing words", async () => {
    // Content words of the rubric: mentions, argon2id, memory, iterations, salt (lower case; stop words and short words dropped).
    const { verdict } = await judge(rubric("Mentions Argon2id, its memory and the iterations; a salt.", "Use ARGON2ID with 64 MiB of memory."));
    expect(verdict).toEqual({ score: 0.4, reasoning: expect.stringContaining("Matched: argon2id, memory") });
    expect(verdict.reasoning).toContain("Missing: mentions, iterations, salt");
    expect("supported" in verdict).toBe(false);
    expect((await judge(rubric("salt pepper", "salt and pepper"))).verdict.score).toBe(1);
    expect((await judge(rubric("one two three", "nothing relevant"))).verdict.score).toBe(0);
  });

  it("checks a claim against its source: supported from a score of 0.5", async () => {
    const source = "The max-age directive gives the freshness lifetime in seconds.";
    const full = await judge(claim("max-age gives the lifetime in seconds", source));
    expect(full.verdict).toMatchObject({ supported: true, score: 1 });
    // max, lifetime, hours, weeks: two of four present -> exactly the threshold.
    const half = await judge(claim("max lifetime hours weeks", source));
    expect(half.verdict).toMatchObject({ supported: true, score: 0.5 });
    const low = await judge(claim("ETag revalidation needs If-None-Match", source));
    expect(low.verdict).toMatchObject({ supported: false, score: 0 });
    expect(low.verdict.reasoning).toContain("not supported");
  });

  it("refuses to judge anything else with score 0, and copes with empty parts and CRLF", async () => {
    for (const input of ["Is this answer good?", "<rubric>\nno answer block\n</rubric>", "<answer>\nx\n</answer>\n<rubric>\ny\n</rubric>"]) {
      const { verdict } = await judge(input);
      expect(verdict.score).toBe(0);
      expect(verdict.reasoning).toMatch(/^Demo judge \(word overlap, not a language model\): cannot judge/);
    }
    expect((await judge(rubric("", "an answer"))).verdict).toMatchObject({ score: 0, reasoning: expect.stringContaining("no content words") });
    expect((await judge(rubric("is it the", "an answer"))).verdict.score).toBe(0);
    expect((await judge(claim("", "a source"))).verdict).toMatchObject({ supported: false, score: 0 });
    expect((await judge(rubric("salt", "")).then((r) => r.verdict)).score).toBe(0);
    expect((await judge("<rubric>\r\nsalt\r\n</rubric>\r\n<answer>\r\nsalt\r\n</answer>")).verdict.score).toBe(1);
  });

  it("streams the same reply, reports usage and cost, and never searches the web", async () => {
    const input = rubric("salt pepper", "salt");
    const { verdict, response } = await judge(input, { plugins: [{ id: "web" }] });
    expect(response.output.map((item) => item.type)).toEqual(["message"]);
    const usage = response.usage as unknown as { input_tokens: number; output_tokens: number; cost: number; server_tool_use_details: { web_search_requests: number } };
    expect(usage.output_tokens).toBeGreaterThan(0);
    expect(usage.cost).toBeGreaterThan(0);
    expect(usage.server_tool_use_details.web_search_requests).toBe(0);

    const streamed = await readSse(await api("/responses", { method: "POST", json: { model: `${JUDGE}:online`, input, stream: true } }));
    expect(streamed.done).toBe(true);
    expect(streamed.events.some((event) => String(event.type).startsWith("response.web_search_call"))).toBe(false);
    const deltas = streamed.events.filter((event) => event.type === "response.output_text.delta").map((event) => event.delta as string);
    expect(JSON.parse(deltas.join(""))).toEqual(verdict);
  });

  it("is in the catalog, priced below the answering models", async () => {
    const models = (await (await api("/models")).json()) as { data: { id: string; pricing: Record<string, string> }[] };
    const price = (id: string) => models.data.find((m) => m.id === id)!.pricing;
    expect(Number(price(JUDGE).prompt)).toBeGreaterThan(0);
    expect(Number(price(JUDGE).prompt)).toBeLessThan(Number(price("gatehouse/swift").prompt));
    expect(Number(price(JUDGE).completion)).toBeLessThan(Number(price("gatehouse/swift").completion));
  });
});

describe("faults for an evaluation runner's tests (POST /__faults)", () => {
  afterEach(async () => {
    await admin("/__faults", { method: "DELETE" });
  });
  const fault = async (rule: Record<string, unknown>) => expect((await admin("/__faults", { method: "POST", json: { path: "/responses", ...rule } })).status).toBe(201);
  const answer = { model: "gatehouse/swift", input: "What is the ACME protocol for certificates?", plugins: [{ id: "web" }] };
  const post = (body: Record<string, unknown> = answer) => api("/responses", { method: "POST", json: body });

  it("429 with Retry-After for the next N requests, then answers", async () => {
    await fault({ count: 2, status: 429, retry_after_seconds: 3 });
    for (let i = 0; i < 2; i++) {
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("3");
      expect(ErrorBodySchema.parse(await refused.json()).error.message).toBe(MESSAGES.rateLimited);
    }
    expect((await post()).status).toBe(200);
  });

  it("500 for the next N requests, then answers", async () => {
    await fault({ count: 3, status: 500 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post()).status);
    expect(statuses).toEqual([500, 500, 500, 200]);
  });

  it("a stream cut mid-answer for the next N: some text, no completion, no [DONE]", async () => {
    await fault({ count: 2, cut_stream_after_deltas: 4 });
    for (let i = 0; i < 2; i++) {
      const cut = await readSse(await post({ ...answer, stream: true }));
      expect(cut.events.filter((event) => event.type === "response.output_text.delta")).toHaveLength(4);
      expect(cut.events.some((event) => event.type === "response.completed")).toBe(false);
      expect(cut.done).toBe(false);
      expect(cut.error).not.toBeNull();
    }
    const whole = await readSse(await post({ ...answer, stream: true }));
    expect(whole.done).toBe(true);
    expect(whole.events.at(-1)?.type).toBe("response.completed");
  });

  it("a cut rule drops a JSON answer's connection before its body", async () => {
    await fault({ count: 1, cut_stream_after_deltas: 2 });
    await expect(post().then((response) => response.json())).rejects.toThrow();
    expect((await post()).status).toBe(200);
  });

  it("latency before the answer, on the matching requests only", async () => {
    await fault({ count: 1, latency_ms: 400 });
    const started = performance.now();
    expect((await post()).status).toBe(200);
    // A lower bound only: the delay is the rule's, whatever the machine's load adds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expect(((await (await admin("/__faults")).json()) as { data: unknown[] }).data).toEqual([]);
  });

  it("refuses an out-of-range cut, naming the field", async () => {
    const bad = await admin("/__faults", { method: "POST", json: { path: "/responses", count: 1, cut_stream_after_deltas: -1 } });
    expect(bad.status).toBe(400);
    expect(ErrorBodySchema.parse(await bad.json()).error.message).toContain("cut_stream_after_deltas");
  });
});
