import { describe, expect, it } from "vitest";
import { parseStreamData } from "./parse-event";
import { FINAL_RESPONSE, recordedStream } from "./fixtures/recorded-streams";

describe("parseStreamData", () => {
  it("parses events and the [DONE] sentinel", () => {
    const event = recordedStream()[0];
    expect(parseStreamData(JSON.stringify(event))).toEqual({ kind: "event", event, warnings: [] });
    expect(parseStreamData("[DONE]")).toEqual({ kind: "done" });
  });

  it("skips lines that are not JSON or are invalid known events, with a warning", () => {
    expect(parseStreamData("{oops")).toMatchObject({ kind: "skip" });
    const bad = parseStreamData(JSON.stringify({ type: "response.output_text.delta", sequence_number: 3 }));
    expect(bad.kind).toBe("skip");
    if (bad.kind === "skip") expect(bad.warnings[0]).toMatch(/delta/);
  });

  it("passes unknown event kinds through", () => {
    const parsed = parseStreamData(JSON.stringify({ type: "response.reasoning_text.delta", sequence_number: 1, delta: "x" }));
    expect(parsed).toMatchObject({ kind: "event", event: { type: "response.reasoning_text.delta" } });
  });

  it("drops one inverted annotation from response.completed and keeps the rest of the event", () => {
    const response = structuredClone(FINAL_RESPONSE);
    const message = response.output[1] as { content: { annotations: unknown[] }[] };
    message.content[0].annotations.push({ type: "url_citation", url: "https://x.example", start_index: 9, end_index: 2 });
    const parsed = parseStreamData(JSON.stringify({ type: "response.completed", sequence_number: 40, response }));
    expect(parsed.kind).toBe("event");
    if (parsed.kind !== "event") return;
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.event).toEqual({ type: "response.completed", sequence_number: 40, response: FINAL_RESPONSE });
  });

  it("turns a terminal event that cannot be repaired into an error event", () => {
    const parsed = parseStreamData(JSON.stringify({ type: "response.completed", sequence_number: 40, response: { id: 5 } }));
    expect(parsed).toMatchObject({ kind: "event", event: { type: "error", code: "invalid_event", sequence_number: 40 } });
  });
});
