import {
  ErrorBodySchema,
  MESSAGES,
  ResponseObjectSchema,
  StreamEventSchema,
  type ResponseObject,
} from "@/lib/contract/gateway";
import { beforeAll, describe, expect, it } from "vitest";
import { openerShort } from "./responder/variation";
import { fileTestGateway, readSse } from "./testing/harness";

/*
 * POST /responses with a preset, over real HTTP: the three ways of naming one, the shallow merge,
 * the tool union, instructions from the system prompt, and errors. The echo model is used where
 * the answer's wording does not matter, because it answers in milliseconds.
 */

const { api, admin } = fileTestGateway();

beforeAll(async () => {
  await savePreset("merge-rules", {
    model: "gatehouse/echo",
    temperature: 0.3,
    max_tokens: 64,
    messages: [{ role: "system", content: "Answer briefly and cite." }, { role: "user", content: "ignored" }],
    tools: [
      { type: "function", function: { name: "alpha", description: "from the preset" } },
      { type: "openrouter:web_search", parameters: { max_results: 2 } },
      { type: "function", function: { name: "beta", description: "from the preset" } },
    ],
  });
  await savePreset("web-plugin", {
    model: "gatehouse/echo",
    plugins: [{ id: "web", max_results: 4 }],
    messages: [{ role: "user", content: "ignored" }],
  });
  await savePreset("no-model", { temperature: 1, messages: [{ role: "user", content: "ignored" }] });
});

async function savePreset(slug: string, chatRequest: Record<string, unknown>) {
  const response = await admin(`/presets/${slug}/chat/completions`, { method: "POST", json: chatRequest });
  expect(response.status).toBe(200);
}

async function respond(body: Record<string, unknown>): Promise<ResponseObject & Record<string, unknown>> {
  const response = await api("/responses", { method: "POST", json: body });
  const json = await response.json();
  expect(response.status, JSON.stringify(json).slice(0, 300)).toBe(200);
  return ResponseObjectSchema.parse(json) as ResponseObject & Record<string, unknown>;
}

async function refusal(body: Record<string, unknown>) {
  const response = await api("/responses", { method: "POST", json: body });
  return { status: response.status, error: ErrorBodySchema.parse(await response.json()).error };
}

type Source = { url: string };
function sourcesOf(response: ResponseObject): Source[] {
  // The web plugin reports a web_search_call; the openrouter:web_search server tool an item of its own type.
  const search = response.output.find((item) => item.type === "web_search_call" || item.type === "openrouter:web_search") as
    | { action?: { sources?: Source[] } }
    | undefined;
  return search?.action?.sources ?? [];
}
function answerOf(response: ResponseObject) {
  const message = response.output.find((item) => item.type === "message") as { content: { text: string; annotations: Source[] }[] };
  return message.content[0];
}
const toolNames = (response: Record<string, unknown>) =>
  (response.tools as { type: string; name?: string }[]).map((tool) => (tool.type === "function" ? tool.name : tool.type));

const QUESTION = "What is keyset pagination?";

describe("POST /responses names a preset three ways", () => {
  it('"@preset/<slug>" takes the model and everything else from the preset', async () => {
    const response = await respond({ model: "@preset/merge-rules", input: QUESTION });
    expect(response.model).toBe("gatehouse/echo");
    expect(answerOf(response).text.startsWith(`Results for “${QUESTION}”`)).toBe(true);
    expect(response.temperature).toBe(0.3);
    expect(response.max_output_tokens).toBe(64);
    expect(sourcesOf(response)).toHaveLength(2);
  });

  it('"<model>@preset/<slug>" and "preset" next to a model keep the request\'s model and take the rest from the preset', async () => {
    for (const body of [
      // A short cap keeps Swift's paced stream quick; the opening words are all this test reads.
      { model: "gatehouse/swift@preset/merge-rules", input: QUESTION, max_output_tokens: 8 },
      { model: "gatehouse/swift", preset: "merge-rules", input: QUESTION, max_output_tokens: 8 },
    ]) {
      const response = await respond(body);
      expect(response.model).toBe("gatehouse/swift");
      // Swift's short answer (its opening words vary with the preset's instructions and temperature).
      expect([0, 1, 2, 3].some((wording) => answerOf(response).text.startsWith(openerShort(wording).trimEnd()))).toBe(true);
      expect(response.temperature).toBe(0.3);
      expect(sourcesOf(response)).toHaveLength(2);
    }
  });

  it('"preset" without a model lets the preset choose the model, streamed as well', async () => {
    const response = await api("/responses", { method: "POST", json: { preset: "merge-rules", input: QUESTION, stream: true } });
    expect(response.status).toBe(200);
    const { events, done } = await readSse(response);
    expect(done).toBe(true);
    const completed = StreamEventSchema.parse(events.at(-1)) as { type: string; response: ResponseObject };
    expect(completed.type).toBe("response.completed");
    expect(completed.response.model).toBe("gatehouse/echo");
    expect(sourcesOf(completed.response)).toHaveLength(2);
  });
});

describe("merge rules", () => {
  it("a field the request gives replaces the preset's; an absent or null one keeps it", async () => {
    const overridden = await respond({ model: "@preset/merge-rules", input: QUESTION, temperature: 0.9, max_output_tokens: 5 });
    expect(overridden.temperature).toBe(0.9);
    expect(overridden.status).toBe("incomplete");
    expect(overridden.usage!.output_tokens).toBe(5);

    const kept = await respond({ model: "@preset/merge-rules", input: QUESTION, temperature: null, max_output_tokens: null });
    expect(kept.temperature).toBe(0.3);
    expect(kept.max_output_tokens).toBe(64);
  });

  it("plugins are replaced whole, which is how a request retunes or switches off the preset's web search", async () => {
    expect(sourcesOf(await respond({ model: "@preset/web-plugin", input: QUESTION }))).toHaveLength(4);
    expect(sourcesOf(await respond({ model: "@preset/web-plugin", input: QUESTION, plugins: [{ id: "web", max_results: 1 }] }))).toHaveLength(1);
    const off = await respond({ model: "@preset/web-plugin", input: QUESTION, plugins: [{ id: "web", enabled: false }] });
    expect(off.output.map((item) => item.type)).toEqual(["message"]);
    expect(answerOf(off).text).toBe(QUESTION);
  });

  it("tools are united: the preset's first in their order, then the request's; a same-identity request tool takes the preset tool's place", async () => {
    const united = await respond({
      model: "@preset/merge-rules",
      input: QUESTION,
      tools: [
        { type: "function", name: "gamma" },
        { type: "openrouter:web_search", parameters: { max_results: 6 } },
        { type: "function", name: "alpha", description: "from the request" },
      ],
    });
    // The echo lists what the OpenAPI's response `tools` may hold: openrouter:* server tools are left out
    // (the real gateway's schema has no place for them); the search they ran shows as its output item.
    expect(toolNames(united)).toEqual(["alpha", "beta", "gamma"]);
    const tools = united.tools as { name?: string; description?: string }[];
    expect(tools[0].description).toBe("from the request");
    expect(tools[1].description).toBe("from the preset");
    // The search ran with the request's web search settings, in the preset tool's place.
    expect(sourcesOf(united)).toHaveLength(6);

    // The OpenAI-style shorthand is the same tool as openrouter:web_search.
    const shorthand = await respond({ model: "@preset/merge-rules", input: QUESTION, tools: [{ type: "web_search_preview", max_results: 3 }] });
    expect(toolNames(shorthand)).toEqual(["alpha", "web_search_preview", "beta"]);
    expect(sourcesOf(shorthand)).toHaveLength(3);

    const without = await respond({ model: "@preset/merge-rules", input: QUESTION });
    expect(toolNames(without)).toEqual(["alpha", "beta"]);
    expect(without.output[0].type).toBe("openrouter:web_search");
  });

  it("the system prompt becomes the instructions unless the request gives its own", async () => {
    const fromPreset = await respond({ model: "@preset/merge-rules", input: QUESTION, tools: [] });
    expect(fromPreset.instructions).toBe("Answer briefly and cite.");
    const nullIsNone = await respond({ model: "@preset/merge-rules", input: QUESTION, instructions: null });
    expect(nullIsNone.instructions).toBe("Answer briefly and cite.");
    const own = await respond({ model: "@preset/merge-rules", input: QUESTION, instructions: "Only facts." });
    expect(own.instructions).toBe("Only facts.");
    const cleared = await respond({ model: "@preset/merge-rules", input: QUESTION, instructions: "" });
    expect(cleared.instructions).toBe("");
    // The instructions are part of what the model reads, so the input grows with them.
    expect(fromPreset.usage!.input_tokens).toBeGreaterThan(cleared.usage!.input_tokens);
  });
});

describe("the designated version supplies the config", () => {
  it("max_results 3 in one version and 8 in the next give answers citing 3 and 8 sources", async () => {
    const slug = "max-results-versions";
    await savePreset(slug, { model: "gatehouse/echo", plugins: [{ id: "web", max_results: 3 }], messages: [{ role: "user", content: QUESTION }] });
    const first = await respond({ model: `@preset/${slug}`, input: QUESTION });
    await savePreset(slug, { model: "gatehouse/echo", plugins: [{ id: "web", max_results: 8 }], messages: [{ role: "user", content: QUESTION }] });
    const second = await respond({ model: `@preset/${slug}`, input: QUESTION });

    const cited = (response: ResponseObject) => new Set(answerOf(response).annotations.map((a) => a.url));
    expect(sourcesOf(first)).toHaveLength(3);
    expect(sourcesOf(second)).toHaveLength(8);
    expect(cited(first).size).toBe(3);
    expect(cited(second).size).toBe(8);
    expect([...cited(first)].every((url) => cited(second).has(url))).toBe(true);
  });

  it("the seeded web-research preset applies its designated version's engine and excluded domains", async () => {
    const response = await respond({ model: "gatehouse/echo@preset/web-research", input: QUESTION });
    const hosts = sourcesOf(response).map((source) => new URL(source.url).hostname);
    expect(hosts.length).toBeGreaterThan(3);
    expect(hosts.some((host) => host.endsWith(".example.net"))).toBe(false);
    // Without the preset the same search finds pages there, so the exclusion did something.
    const plain = await respond({ model: "gatehouse/echo", input: QUESTION, plugins: [{ id: "web", max_results: 8 }] });
    expect(sourcesOf(plain).some((source) => new URL(source.url).hostname.endsWith(".example.net"))).toBe(true);
  });
});

describe("errors", () => {
  it("an unknown preset is a 404 naming the slug, however it is named", async () => {
    for (const body of [
      { model: "@preset/no-such-preset", input: "hi" },
      { model: "gatehouse/echo@preset/no-such-preset", input: "hi" },
      { preset: "no-such-preset", input: "hi" },
      { model: "gatehouse/echo", preset: "no-such-preset", input: "hi" },
    ]) {
      const { status, error } = await refusal(body);
      expect(status).toBe(404);
      expect(error.message).toContain(MESSAGES.notFound);
      expect(error.message).toContain('"no-such-preset"');
      expect(error.metadata).toMatchObject({ preset: "no-such-preset" });
    }
  });

  it("refuses a malformed or contradictory preset reference, and a preset that leaves the model open, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ model: "@preset/", input: "hi" }, "model"],
      [{ model: "@preset/bad slug", input: "hi" }, "model"],
      [{ model: "@preset/merge-rules", preset: "web-plugin", input: "hi" }, "preset"],
      [{ model: "@preset/no-model", input: "hi" }, "model"],
    ];
    for (const [body, field] of cases) {
      const { status, error } = await refusal(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(error.message).toContain(`${field}: ${field} `);
    }
    const fixed = await respond({ model: "gatehouse/echo@preset/no-model", input: "hi" });
    expect(fixed.temperature).toBe(1);
  });

  it("says when an unservable model came from the preset", async () => {
    await savePreset("foreign-model", { model: "openai/gpt-4o", messages: [{ role: "user", content: "ignored" }] });
    const { status, error } = await refusal({ model: "@preset/foreign-model", input: "hi" });
    expect(status).toBe(400);
    expect(error.message).toContain('"openai/gpt-4o", from preset "foreign-model"');
    const overridden = await respond({ model: "gatehouse/echo", preset: "foreign-model", input: "hi" });
    expect(overridden.model).toBe("gatehouse/echo");
  });
});
