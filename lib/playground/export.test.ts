import { describe, expect, it } from "vitest";
import type { AnyStreamEvent } from "@/lib/contract/gateway";
import { compareCitations } from "./compare";
import { exportRunJson, exportRunMarkdown } from "./export";
import { ANSWER, CITATIONS, recordedStream } from "./fixtures/recorded-streams";
import { initialRunState, runReducer, type RunState } from "./run-state";
import { defaultRequest } from "./setup";

function run(events: AnyStreamEvent[] = recordedStream()): RunState {
  let state = runReducer(initialRunState, { type: "start", at: 0 });
  state = runReducer(state, { type: "events", events: events.slice(0, 10), at: 100 });
  return runReducer(state, { type: "events", events: events.slice(10), at: 400 });
}

describe("export", () => {
  it("JSON holds the request as sent, the text with every citation, usage and metrics", () => {
    const json = exportRunJson(defaultRequest("embedded/echo"), run(), { now: new Date(0) });
    expect(json.request.stream).toBe(true);
    expect(json.response.output_text).toEqual([{ text: ANSWER, annotations: CITATIONS }]);
    expect(json.response.usage?.total_tokens).toBe(32);
    expect(json.metrics.ttftMs).toBe(100);
    expect(json.metrics.totalMs).toBe(400);
    expect(JSON.stringify(json)).not.toMatch(/Bearer|api[_-]?key/i);
  });

  it("Markdown puts a footnote after each cited span, one number per URL", () => {
    const md = exportRunMarkdown(defaultRequest("embedded/echo"), run());
    expect(md).toContain("Rust 🦀 is fast.[^1] Café culture é.[^2] Rust is safe.[^1]");
    expect(md).toContain("[^1]: [Speed](<https://rust.example/speed>)");
    expect(md).toContain("[^2]: [Cafés](<https://cafe.example/>)");
    expect(md).toContain("**User:** How does SQLite");
  });

  it("Markdown never turns a javascript: URL into a link", () => {
    const events = recordedStream().map((event) =>
      event.type === "response.output_text.annotation.added" && event.annotation_index === 1
        ? { ...event, annotation: { ...CITATIONS[1], url: "javascript:alert(1)", title: "Evil [x]" } }
        : event,
    );
    const md = exportRunMarkdown(defaultRequest("m"), run(events.filter((e) => e.type !== "response.completed" && e.type !== "response.content_part.done" && e.type !== "response.output_item.done")));
    expect(md).toContain("[^2]: Evil \\[x\\] `javascript:alert(1)` (not a web link)");
    expect(md).not.toMatch(/\]\(<?javascript:/);
  });
});

describe("citation comparison", () => {
  it("finds shared URLs, URLs only one column cited, and domain overlap", () => {
    const a = run();
    const onlyFirst = recordedStream().filter((e) => !(e.type === "response.output_text.annotation.added" && e.annotation_index === 1));
    const b = run(onlyFirst.filter((e) => e.type !== "response.completed" && e.type !== "response.content_part.done" && e.type !== "response.output_item.done"));
    const idle = initialRunState;
    const comparison = compareCitations([
      { id: "a", run: a },
      { id: "b", run: b },
      { id: "c", run: idle },
    ]);
    expect(comparison.sharedUrls).toEqual(["https://rust.example/speed"]);
    expect(comparison.onlyIn).toEqual({ a: ["https://cafe.example/"], b: [] });
    expect(comparison.urls.find((row) => row.key === "https://rust.example/speed")?.spans).toEqual({ a: 2, b: 2 });
    expect(comparison.domains.map((row) => row.key)).toEqual(["rust.example", "cafe.example"]);
  });
});
