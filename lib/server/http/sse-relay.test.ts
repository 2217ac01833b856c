import { describe, expect, it } from "vitest";
import { StreamEventSchema } from "@/lib/contract/gateway";
import { relayEventStream, type RelayOutcome } from "./sse-relay";

const enc = new TextEncoder();

/** An upstream body that yields the given chunks; `end` decides how it finishes. */
function upstream(chunks: string[], end: "close" | "error" | "hang" = "close"): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < chunks.length) {
        controller.enqueue(enc.encode(chunks[i++]));
        return;
      }
      if (end === "close") controller.close();
      else if (end === "error") controller.error(new TypeError("terminated"));
      else return new Promise(() => {});
    },
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; writes: string[] }> {
  const reader = stream.getReader();
  const dec = new TextDecoder();
  const writes: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    writes.push(dec.decode(value));
  }
  return { text: writes.join(""), writes };
}

function events(text: string): unknown[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: ") && block !== "data: [DONE]")
    .map((block) => JSON.parse(block.slice(6)));
}

const e = (seq: number) => `data: {"type":"response.output_text.delta","sequence_number":${seq},"item_id":"i","output_index":0,"content_index":0,"delta":"x"}\n\n`;

describe("relayEventStream", () => {
  it("passes a complete stream through byte for byte, one write per upstream chunk", async () => {
    const chunks = [e(0) + e(1), e(2), "data: [DONE]\n\n"];
    let outcome: RelayOutcome | undefined;
    const { text, writes } = await readAll(relayEventStream(upstream(chunks), { onEnd: (o) => (outcome = o) }));
    expect(text).toBe(chunks.join(""));
    expect(writes).toEqual(chunks);
    expect(outcome).toBe("done");
  });

  it("holds back only an incomplete trailing event until the chunk that completes it", async () => {
    const whole = e(0) + e(1);
    const cut = whole.length - 10;
    const { writes } = await readAll(relayEventStream(upstream([whole.slice(0, cut), whole.slice(cut), "data: [DONE]\n\n"])));
    expect(writes).toEqual([e(0), e(1), "data: [DONE]\n\n"]);
  });

  it("ends a stream that stops without [DONE] with a contract error event", async () => {
    let outcome: RelayOutcome | undefined;
    const { text } = await readAll(relayEventStream(upstream([e(0), e(7), e(8).slice(0, 20)]), { onEnd: (o) => (outcome = o) }));
    const parsed = events(text);
    const last = StreamEventSchema.parse(parsed.at(-1));
    expect(last).toMatchObject({ type: "error", sequence_number: 8 });
    expect(parsed).toHaveLength(3); // the half event is dropped, not glued to the error
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(outcome).toBe("broken");
  });

  it("ends with an error event when the upstream connection fails", async () => {
    const { text } = await readAll(relayEventStream(upstream([e(0)], "error")));
    expect(StreamEventSchema.parse(events(text).at(-1))).toMatchObject({ type: "error", sequence_number: 1 });
  });

  it("ends a silent upstream after the idle timeout instead of hanging", async () => {
    const started = Date.now();
    let outcome: RelayOutcome | undefined;
    const { text } = await readAll(relayEventStream(upstream([e(3)], "hang"), { idleTimeoutMs: 200, onEnd: (o) => (outcome = o) }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events(text).at(-1)).toMatchObject({ type: "error", sequence_number: 4, code: "upstream_idle_timeout" });
    expect(outcome).toBe("idle");
  });

  it("cancelling the relay cancels the upstream", async () => {
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => {}),
      cancel: () => {
        cancelled = true;
      },
    });
    const relay = relayEventStream(source);
    const reader = relay.getReader();
    void reader.read();
    await reader.cancel("client went away");
    expect(cancelled).toBe(true);
  });
});
