import {
  ErrorBodySchema,
  ResponseObjectSchema,
  STREAM_EVENT_ORDER,
  StreamEventSchema,
  WEB_SEARCH_CALL_EVENT_ORDER,
  type ResponseObject,
} from "@/lib/contract/gateway";
import { describe, expect, it } from "vitest";
import { FIXED_CORPUS } from "./search/fixed-corpus";
import { fileTestGateway, readSse, sliceCodePoints } from "./testing/harness";

const { api, admin } = fileTestGateway();

type Citation = { type: string; url: string; title?: string; start_index: number; end_index: number; content?: string };

function messageOf(response: ResponseObject) {
  const message = response.output.find((item) => item.type === "message") as { content: { text: string; annotations: Citation[] }[] } | undefined;
  return message!.content[0];
}

async function respond(body: Record<string, unknown>) {
  const response = await api("/responses", { method: "POST", json: body });
  expect(response.status).toBe(200);
  return ResponseObjectSchema.parse(await response.json());
}

async function error(response: Response) {
  return ErrorBodySchema.parse(await response.json()).error;
}

const corpusText = new Map(FIXED_CORPUS.map((doc) => [doc.url, doc.text]));

describe("POST /responses, streamed with web search", () => {
  it("emits the real gateway's event order, exact code-point citations and a completed response that matches the stream", async () => {
    const response = await api("/responses", {
      method: "POST",
      json: { model: "gatehouse/swift", input: "espresso shot grams coffee", stream: true, plugins: [{ id: "web", max_results: 4 }] },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    const { events, done, error: broken } = await readSse(response);
    expect(broken).toBeNull();
    expect(done).toBe(true);

    const parsed = events.map((event) => StreamEventSchema.parse(event));
    const sequence = parsed.map((event) => event.sequence_number);
    expect(sequence).toEqual(sequence.map((_, i) => i));

    // The exact shape: the web search item from start to end, then the message item with its
    // deltas (each annotation right after the delta completing its sentence), then completion.
    const types = parsed.map((event) => event.type);
    const expected = [
      "response.created",
      "response.in_progress",
      ...WEB_SEARCH_CALL_EVENT_ORDER,
      ...STREAM_EVENT_ORDER.slice(2),
    ];
    const collapsed = types.filter((type, i) => !(type === types[i - 1] && (type === "response.output_text.delta" || type === "response.output_text.annotation.added")));
    const withoutRepeats = collapsed.filter((type, i) => {
      const tail = ["response.output_text.delta", "response.output_text.annotation.added"];
      return !(tail.includes(type) && collapsed.slice(0, i).includes(type));
    });
    expect(withoutRepeats).toEqual(expected);
    const streamingPart = types.slice(types.indexOf("response.output_text.delta"), types.indexOf("response.output_text.done"));
    expect(streamingPart.every((type) => type === "response.output_text.delta" || type === "response.output_text.annotation.added")).toBe(true);
    // The web search item comes first and completes before the message item opens.
    const addedItems = parsed.filter((event) => event.type === "response.output_item.added").map((event) => (event as { item: { type: string } }).item.type);
    expect(addedItems).toEqual(["web_search_call", "message"]);
    const searchDone = parsed.find((event) => event.type === "response.output_item.done") as { item: { action: { query: string; sources: { url: string }[] } } };
    expect(searchDone.item.action.query).toBe("espresso shot grams coffee");
    expect(searchDone.item.action.sources.length).toBeGreaterThan(0);
    expect(searchDone.item.action.sources.length).toBeLessThanOrEqual(4);

    const deltas = parsed.filter((event) => event.type === "response.output_text.delta").map((event) => (event as { delta: string }).delta);
    const textDone = parsed.find((event) => event.type === "response.output_text.done") as { text: string };
    const text = deltas.join("");
    expect(text).toBe(textDone.text);

    const announced = parsed
      .filter((event) => event.type === "response.output_text.annotation.added")
      .map((event) => (event as { annotation: Citation }).annotation);
    const completed = (parsed.at(-1) as { type: string; response: ResponseObject });
    expect(completed.type).toBe("response.completed");
    const final = messageOf(completed.response);
    expect(final.text).toBe(text);
    expect(final.annotations).toEqual(announced);
    expect(announced.length).toBeGreaterThan(1);

    const textLength = Array.from(text).length;
    for (const annotation of announced) {
      expect(annotation.type).toBe("url_citation");
      expect(annotation.start_index).toBeGreaterThanOrEqual(0);
      expect(annotation.end_index).toBeLessThanOrEqual(textLength);
      const cited = sliceCodePoints(text, annotation.start_index, annotation.end_index);
      // The span is one whole sentence of the cited page, and the excerpt starts with it.
      expect(corpusText.get(annotation.url)).toContain(cited);
      expect(cited).toMatch(/[.!?]$/);
      expect(annotation.content?.startsWith(cited)).toBe(true);
      expect(annotation.title).toBeTruthy();
      expect(searchDone.item.action.sources.map((s) => s.url)).toContain(annotation.url);
    }
    // Only meaningful if an astral character (emoji) precedes a citation: then UTF-16 offsets differ.
    expect(announced.some((a) => text.indexOf(sliceCodePoints(text, a.start_index, a.end_index)) !== a.start_index)).toBe(true);

    // Each annotation is announced right after the delta that completes its sentence.
    let emitted = 0;
    for (const event of parsed) {
      if (event.type === "response.output_text.delta") emitted += Array.from((event as { delta: string }).delta).length;
      if (event.type === "response.output_text.annotation.added") expect((event as { annotation: Citation }).annotation.end_index).toBeLessThanOrEqual(emitted);
    }
    expect(completed.response.usage?.output_tokens).toBe(deltas.length);
  });

  it("stops generating at once when the client disconnects", async () => {
    const before = await (await admin("/__debug/streams")).json();
    const controller = new AbortController();
    const response = await api("/responses", {
      method: "POST",
      json: { model: "gatehouse/scholar", input: "history of coffee", stream: true, plugins: [{ id: "web" }] },
      signal: controller.signal,
    });
    const read = await readSse(response, (_event, count) => (count >= 3 ? false : undefined));
    expect(read.events).toHaveLength(3);
    controller.abort();
    let after = await (await admin("/__debug/streams")).json();
    for (let i = 0; i < 50 && after.aborted_by_client === before.aborted_by_client; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await (await admin("/__debug/streams")).json();
    }
    expect(after.aborted_by_client).toBe(before.aborted_by_client + 1);
    expect(after.open).toBe(0);
    expect(after.completed).toBe(before.completed);
    expect(typeof after.last_aborted_at).toBe("string");
  });
});

describe("POST /responses, JSON", () => {
  it("answers without citations when web search is off, and echoes with the echo model", async () => {
    const plain = await respond({ model: "gatehouse/swift", input: "What is espresso?" });
    expect(plain.status).toBe("completed");
    expect(plain.output.map((item) => item.type)).toEqual(["message"]);
    expect(messageOf(plain).annotations).toEqual([]);
    expect(plain.usage!.total_tokens).toBe(plain.usage!.input_tokens + plain.usage!.output_tokens);

    const echo = await respond({
      model: "gatehouse/echo",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: "first" }] },
        { type: "message", role: "assistant", content: [{ type: "output_text", text: "first", annotations: [] }] },
        { role: "user", content: "Grüße 👋🏽 from 東京" },
      ],
    });
    expect(messageOf(echo).text).toBe("Grüße 👋🏽 from 東京");
  });

  it("cuts the answer at max_output_tokens and marks the response incomplete", async () => {
    const full = await respond({ model: "gatehouse/swift", input: "croissant butter dough", plugins: [{ id: "web" }] });
    const cut = await respond({ model: "gatehouse/swift", input: "croissant butter dough", plugins: [{ id: "web" }], max_output_tokens: 12 });
    expect(cut.status).toBe("incomplete");
    expect(cut.incomplete_details).toEqual({ reason: "max_output_tokens" });
    expect(cut.usage!.output_tokens).toBe(12);
    expect(messageOf(full).text.startsWith(messageOf(cut).text)).toBe(true);
    expect(messageOf(cut).text.length).toBeLessThan(messageOf(full).text.length);
    for (const a of messageOf(cut).annotations) expect(a.end_index).toBeLessThanOrEqual(Array.from(messageOf(cut).text).length);
  });

  it("turns web search on with the web plugin, the openrouter:web_search tool or the :online suffix", async () => {
    const viaTool = await respond({ model: "gatehouse/swift", input: "Matterhorn first ascent", tools: [{ type: "openrouter:web_search", parameters: { max_results: 2 } }] });
    const viaOnline = await respond({ model: "gatehouse/swift:online", input: "Matterhorn first ascent" });
    const off = await respond({ model: "gatehouse/swift", input: "Matterhorn first ascent", plugins: [{ id: "web", enabled: false }] });
    // As the real gateway reports them: the server tool as its own item type, :online (the web plugin) as web_search_call.
    expect(viaTool.output[0].type).toBe("openrouter:web_search");
    expect(viaOnline.output[0].type).toBe("web_search_call");
    for (const response of [viaTool, viaOnline]) {
      expect(messageOf(response).annotations.some((a) => a.url.includes("Matterhorn"))).toBe(true);
    }
    expect((viaTool.output[0] as { action: { sources: unknown[] } }).action.sources.length).toBeLessThanOrEqual(2);
    expect(off.output.map((item) => item.type)).toEqual(["message"]);
  });

  it("honours max_results and domain filters with wildcards", async () => {
    const sources = (response: ResponseObject) => (response.output[0] as { action: { sources: { url: string }[] } }).action.sources.map((s) => new URL(s.url).hostname);
    const three = await respond({ model: "gatehouse/echo", input: "coffee café tea croissant", plugins: [{ id: "web", max_results: 3 }] });
    expect(sources(three).length).toBe(3);
    const eight = await respond({ model: "gatehouse/echo", input: "coffee café tea croissant", plugins: [{ id: "web", max_results: 8 }] });
    expect(sources(eight).length).toBeGreaterThan(3);

    const onlyExampleCom = await respond({ model: "gatehouse/echo", input: "coffee café", plugins: [{ id: "web", include_domains: ["*.example.com"] }] });
    expect(sources(onlyExampleCom).length).toBeGreaterThan(0);
    expect(sources(onlyExampleCom).every((host) => host.endsWith(".example.com"))).toBe(true);

    const withoutWiki = await respond({ model: "gatehouse/echo", input: "coffee", tools: [{ type: "openrouter:web_search", parameters: { excluded_domains: ["wikipedia.example"] } }] });
    expect(sources(withoutWiki).some((host) => host.includes("wikipedia"))).toBe(false);
    const withWiki = await respond({ model: "gatehouse/echo", input: "coffee", plugins: [{ id: "web" }] });
    expect(sources(withWiki).some((host) => host.includes("wikipedia"))).toBe(true);
  });

  it("rejects an unknown model, bad web search limits and a contradictory x_search_filter, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ model: "openai/gpt-4o", input: "hi" }, "model"],
      [{ input: "hi" }, "model"],
      [{ model: "gatehouse/echo", input: "hi", plugins: [{ id: "web", max_results: 26 }] }, "max_results"],
      [{ model: "gatehouse/echo", input: "hi", plugins: [{ id: "web", max_results: 0 }] }, "max_results"],
      [{ model: "gatehouse/echo", input: "hi", plugins: [{ id: "web", engine: "perplexity", max_results: 21 }] }, "max_results"],
      [{ model: "gatehouse/echo", input: "hi", x_search_filter: { allowed_x_handles: ["a"], excluded_x_handles: ["b"] } }, "excluded_x_handles"],
      [{ model: "gatehouse/echo", input: "hi", x_search_filter: { allowed_x_handles: Array.from({ length: 21 }, (_, i) => `h${i}`) } }, "allowed_x_handles"],
      [{ model: "gatehouse/echo", input: "hi", x_search_filter: { from_date: "last tuesday" } }, "from_date"],
      [{ model: "gatehouse/echo", input: 42 }, "input"],
    ];
    for (const [body, field] of cases) {
      const response = await api("/responses", { method: "POST", json: body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await error(response)).message).toContain(field);
    }
    const ok = await api("/responses", { method: "POST", json: { model: "gatehouse/echo", input: "hi", x_search_filter: { allowed_x_handles: ["gatehouse"], from_date: "2025-01-01" } } });
    expect(ok.status).toBe(200);
  });
});

describe("POST /responses, domain filters from the request (security issue #12)", () => {
  it("answers a 24-star wildcard domain filter at once instead of holding the gateway's thread", async () => {
    const pattern = `${"*".repeat(24)}q`;
    const started = performance.now();
    const response = await api("/responses", {
      method: "POST",
      // The query finds use-the-index.example.org: the regex's work grew with its 13-letter first label.
      json: { model: "gatehouse/echo", input: "seek method keyset pagination next page", plugins: [{ id: "web", include_domains: [pattern], exclude_domains: [pattern] }] },
    });
    expect(response.status).toBe(200);
    // Generous: the backtracking regex needed tens of seconds per document here.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses more than 100 domains or a domain over 512 characters with 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ plugins: [{ id: "web", include_domains: Array.from({ length: 101 }, (_, i) => `d${i}.example`) }] }, "plugins[0].include_domains"],
      [{ plugins: [{ id: "web", exclude_domains: ["ok.example", "a".repeat(513)] }] }, "plugins[0].exclude_domains[1]"],
      [{ tools: [{ type: "openrouter:web_search", parameters: { allowed_domains: ["*".repeat(600)] } }] }, "tools[0].parameters.allowed_domains[0]"],
    ];
    for (const [patch, field] of cases) {
      const response = await api("/responses", { method: "POST", json: { model: "gatehouse/echo", input: "hi", ...patch } });
      expect(response.status, field).toBe(400);
      const body = await error(response);
      expect(body.code).toBe(400);
      expect(body.message).toContain(field);
      expect(JSON.stringify(body.metadata)).toContain(field);
    }
  });
});
