import { describe, expect, it, vi } from "vitest";
import type { AnyStreamEvent } from "@/lib/contract/gateway";
import { recordedStream } from "@/lib/playground/fixtures/recorded-streams";
import { readEventStream } from "./stream-reader";

function bodyFrom(chunks: (string | Uint8Array)[], options: { hang?: boolean } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      if (!options.hang) controller.close();
    },
  });
}

describe("readEventStream", () => {
  it("reassembles events and multi-byte characters split across chunks, stops at [DONE]", async () => {
    const events = recordedStream();
    const wire = new TextEncoder().encode(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n" + "data: {\"ignored\":true}\n\n");
    // Cut every 7 bytes: splits UTF-8 sequences of the emoji and accented letters.
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < wire.length; i += 7) chunks.push(wire.slice(i, i + 7));
    const received: AnyStreamEvent[] = [];
    const end = await readEventStream(bodyFrom(chunks), { onEvents: (batch) => received.push(...batch), onWarning: () => {} });
    expect(end).toBe("done");
    expect(received).toEqual(events);
  });

  it("delivers all events of one chunk in one batch and reports eof without [DONE]", async () => {
    const events = recordedStream().slice(0, 3);
    const onEvents = vi.fn();
    const end = await readEventStream(bodyFrom([events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join("")]), { onEvents });
    expect(end).toBe("eof");
    expect(onEvents).toHaveBeenCalledOnce();
    expect(onEvents.mock.calls[0][0]).toEqual(events);
  });

  it("warns about and skips bad lines without stopping", async () => {
    const onWarning = vi.fn();
    const received: AnyStreamEvent[] = [];
    const good = recordedStream()[0];
    await readEventStream(bodyFrom(["data: nope\n\n", `data: ${JSON.stringify(good)}\n\n`]), { onEvents: (b) => received.push(...b), onWarning });
    expect(onWarning).toHaveBeenCalledOnce();
    expect(received).toEqual([good]);
  });

  it("rejects with AbortError when aborted mid-stream", async () => {
    const controller = new AbortController();
    const received: AnyStreamEvent[] = [];
    const promise = readEventStream(bodyFrom([`data: ${JSON.stringify(recordedStream()[0])}\n\n`], { hang: true }), {
      onEvents: (batch) => {
        received.push(...batch);
        controller.abort();
      },
    }, controller.signal);
    await expect(promise).rejects.toMatchObject({ name: "AbortError" });
    expect(received).toHaveLength(1);
  });
});
