import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnyStreamEvent } from "@/lib/contract/gateway";
import { ANSWER, CITATIONS, FINAL_RESPONSE, recordedStream } from "./fixtures/recorded-streams";
import { initialRunState, runReducer, type RunAction, type RunState } from "./run-state";
import { runMetrics } from "./metrics";

function fold(events: readonly AnyStreamEvent[], actions: RunAction[] = []): RunState {
  let state = runReducer(initialRunState, { type: "start", at: 0 });
  events.forEach((event, i) => {
    state = runReducer(state, { type: "events", events: [event], at: 10 * (i + 1) });
  });
  for (const action of actions) state = runReducer(state, action);
  return state;
}

const isAnnotation = (event: AnyStreamEvent) => event.type === "response.output_text.annotation.added";

describe("run reducer over a recorded stream", () => {
  it("builds the text, every span (one URL cited twice), searches, usage and status", () => {
    const state = fold(recordedStream());
    expect(state.status).toBe("completed");
    expect(state.parts).toHaveLength(1);
    expect(state.parts[0].text).toBe(ANSWER);
    expect(state.parts[0].annotations).toEqual(CITATIONS);
    expect(state.searches).toHaveLength(1);
    expect(state.searches[0].status).toBe("completed");
    expect(state.usage?.output_tokens).toBe(20);
    expect(state.responseId).toBe("resp_1");
  });

  it("reads the openrouter:web_search server tool's item (no search events, maybe no id) as the run's search", () => {
    // How the real gateway reports a search made by the server tool: its own item type, added then done.
    type Loose = { type: string; item?: Record<string, unknown>; response?: { output: Record<string, unknown>[] } };
    const asServerTool = (item: Record<string, unknown>) => {
      if (item.type !== "web_search_call") return item;
      const { id: _id, ...rest } = item;
      return { ...rest, type: "openrouter:web_search" };
    };
    const events = recordedStream()
      .filter((event) => !event.type.startsWith("response.web_search_call."))
      .map((original) => {
        const event = original as unknown as Loose;
        if (event.item) return { ...event, item: asServerTool(event.item) } as unknown as AnyStreamEvent;
        if (event.type === "response.completed" && event.response) {
          return { ...event, response: { ...event.response, output: event.response.output.map(asServerTool) } } as unknown as AnyStreamEvent;
        }
        return original;
      });
    const state = fold(events);
    expect(state.status).toBe("completed");
    expect(state.searches).toHaveLength(1);
    expect(state.searches[0]).toMatchObject({ status: "completed", item: { type: "openrouter:web_search" } });
    expect(state.searches[0].item.action).toMatchObject({ query: "rust", sources: expect.arrayContaining([expect.objectContaining({ url: "https://cafe.example/" })]) });
    expect(state.parts[0].annotations).toEqual(CITATIONS);
  });

  it("shows text and citations while streaming, before response.completed", () => {
    const events = recordedStream();
    const upToSecondAnnotation = events.slice(0, events.findIndex((e) => isAnnotation(e) && "annotation_index" in e && e.annotation_index === 1) + 1);
    const state = fold(upToSecondAnnotation);
    expect(state.status).toBe("in_progress");
    expect(state.parts[0].text).toBe("Rust 🦀 is fast. Café culture é.");
    expect(state.parts[0].annotations).toEqual(CITATIONS.slice(0, 2));
  });

  it("reconciles duplicated and out-of-order annotation events without duplicates or losses", () => {
    const events = recordedStream();
    const annotations = events.filter(isAnnotation);
    const rest = events.filter((e) => !isAnnotation(e));
    const completedAt = rest.findIndex((e) => e.type === "response.completed");
    const withoutCompleted = rest.slice(0, completedAt);
    fc.assert(
      fc.property(
        // Each annotation event 0..3 times, shuffled, spread anywhere before response.completed.
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: annotations.length, maxLength: annotations.length }),
        fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        fc.boolean(),
        (repeats, positions, includeCompleted) => {
          const copies = annotations.flatMap((event, i) => Array.from({ length: repeats[i] }, () => event));
          const stream = withoutCompleted.slice();
          copies.forEach((event, i) => stream.splice(positions[i % positions.length] % (stream.length + 1), 0, event));
          if (includeCompleted) stream.push(rest[completedAt]);
          const state = fold(stream);
          const part = state.parts[0];
          const identities = part.annotations.map((a) => `${a.url}|${a.start_index}|${a.end_index}`);
          expect(new Set(identities).size).toBe(identities.length);
          // content_part.done and output_item.done carry the full list, so nothing is ever lost.
          expect([...part.annotations].sort((a, b) => a.start_index - b.start_index)).toEqual(CITATIONS);
          // Streamed annotations keep annotation_index order.
          expect(part.annotations).toEqual(CITATIONS);
          expect(part.text).toBe(ANSWER);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("orders annotations by annotation_index however the events are shuffled, with no final list to lean on", () => {
    const events = recordedStream();
    const annotations = events.filter(isAnnotation);
    const base = events.filter((e) => !isAnnotation(e) && e.type !== "response.content_part.done" && e.type !== "response.output_item.done" && e.type !== "response.completed");
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }), fc.array(fc.nat(), { minLength: 9, maxLength: 9 }), (repeats, positions) => {
        const stream = base.slice();
        annotations.flatMap((event, i) => Array.from({ length: repeats[i] }, () => event)).forEach((event, i) => stream.splice(positions[i] % (stream.length + 1), 0, event));
        expect(fold(stream).parts[0].annotations).toEqual(CITATIONS);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps streamed-only annotations when the final response lacks them, and adds final-only ones", () => {
    const events = recordedStream().map((event) => {
      if (event.type !== "response.completed") return event;
      const response = structuredClone(FINAL_RESPONSE);
      const message = response.output[1] as { content: { annotations: unknown[] }[] };
      message.content[0].annotations = [CITATIONS[0], CITATIONS[2]];
      return { ...event, response };
    });
    // Drop the intermediate full lists so only streamed events and the final response remain.
    const trimmed = events.filter((e) => e.type !== "response.content_part.done" && !(e.type === "response.output_item.done" && "output_index" in e && e.output_index === 1));
    const state = fold(trimmed);
    expect(state.parts[0].annotations).toEqual(CITATIONS);

    const noStreamed = fold(recordedStream().filter((e) => !isAnnotation(e)));
    expect(noStreamed.parts[0].annotations).toEqual(CITATIONS);
  });

  it("skips repeated text deltas by sequence number", () => {
    const events = recordedStream();
    const firstDelta = events.find((e) => e.type === "response.output_text.delta")!;
    const at = events.indexOf(firstDelta);
    const stream = [...events.slice(0, at + 1), firstDelta, firstDelta, ...events.slice(at + 1, -4)];
    expect(fold(stream).parts[0].text).toBe(ANSWER);
  });

  it("Stop keeps the partial text and citations and ignores later events", () => {
    const events = recordedStream();
    const cut = events.findIndex((e) => isAnnotation(e)) + 1;
    let state = fold(events.slice(0, cut), [{ type: "stop", at: 500 }]);
    expect(state.status).toBe("stopped");
    const partial = state.parts[0];
    expect(partial.text).toBe("Rust 🦀 is fast.");
    expect(partial.annotations).toEqual([CITATIONS[0]]);
    state = runReducer(state, { type: "events", events: events.slice(cut), at: 600 });
    state = runReducer(state, { type: "end", at: 700 });
    expect(state.status).toBe("stopped");
    expect(state.parts[0]).toBe(partial);
  });

  it("an error event fails the run with its message and keeps what was received", () => {
    const events = recordedStream();
    const cut = events.findIndex((e) => isAnnotation(e)) + 2;
    const error = { type: "error", sequence_number: 99, code: "upstream_error", message: "The upstream stream broke." } as AnyStreamEvent;
    const state = fold([...events.slice(0, cut), error]);
    expect(state.status).toBe("failed");
    expect(state.error).toEqual({ code: "upstream_error", message: "The upstream stream broke." });
    expect(state.parts[0].text).toBe("Rust 🦀 is fast. Café culture é.");
    expect(state.parts[0].annotations).toEqual([CITATIONS[0]]);
  });

  it("response.failed and response.incomplete set their status", () => {
    const events = recordedStream().slice(0, 10);
    const failed = fold([...events, { type: "response.failed", sequence_number: 50, response: { ...FINAL_RESPONSE, status: "failed", usage: null, error: { code: "server_error", message: "Model crashed" } } } as AnyStreamEvent]);
    expect(failed.status).toBe("failed");
    expect(failed.error?.message).toBe("Model crashed");
    const incomplete = fold([...events, { type: "response.incomplete", sequence_number: 50, response: { ...FINAL_RESPONSE, status: "incomplete", incomplete_details: { reason: "max_output_tokens" } } } as AnyStreamEvent]);
    expect(incomplete.status).toBe("incomplete");
    expect(incomplete.incompleteReason).toBe("max_output_tokens");
  });

  it("a stream that closes without a terminal event fails with a message; unknown events are ignored", () => {
    const events = recordedStream().slice(0, 11);
    const state = fold([...events, { type: "response.reasoning_text.delta", sequence_number: 70, delta: "hmm" } as AnyStreamEvent], [{ type: "end", at: 900 }]);
    expect(state.status).toBe("failed");
    expect(state.error?.message).toMatch(/ended before/);
    expect(state.parts[0].text).toBe("Rust 🦀 is fast.");
  });

  it("computes metrics from timestamps and usage", () => {
    const state = fold(recordedStream());
    const metrics = runMetrics(state);
    const firstDeltaIndex = recordedStream().findIndex((e) => e.type === "response.output_text.delta");
    expect(metrics.ttftMs).toBe(10 * (firstDeltaIndex + 1));
    expect(metrics.totalMs).toBe(10 * recordedStream().length);
    expect(metrics.outputTokens).toBe(20);
    expect(metrics.cost).toBe(0.00012);
    expect(metrics.tokensPerSecond).toBeCloseTo((20 * 1000) / (10 * recordedStream().length - 10 * (firstDeltaIndex + 1)));
  });
});
