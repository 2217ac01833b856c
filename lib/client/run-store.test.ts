import { afterEach, describe, expect, it, vi } from "vitest";
import { ANSWER, recordedStream } from "@/lib/playground/fixtures/recorded-streams";
import { defaultRequest } from "@/lib/playground/setup";
import { RunStore } from "./run-store";

const encoder = new TextEncoder();

function sse(events: readonly unknown[], { done = true }: { done?: boolean } = {}): string {
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + (done ? "data: [DONE]\n\n" : "");
}

/** A /api/responses answer that streams `wire`; with `hang` it stays open until the request is aborted. */
function streamAnswer(wire: string, signal: AbortSignal | null | undefined, { hang = false } = {}): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(wire));
      if (!hang) controller.close();
      signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

function stubFetch(answer: (init: RequestInit | undefined) => Response | Promise<Response>) {
  const fetchMock = vi.fn((_path: string, init?: RequestInit) => Promise.resolve(answer(init)));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RunStore", () => {
  it("posts the request to /api/responses and folds the stream into the column's state", async () => {
    const fetchMock = stubFetch((init) => streamAnswer(sse(recordedStream()), init?.signal));
    const store = new RunStore();
    const request = defaultRequest("demo/model");
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.get("a").status));

    await store.run("a", request);

    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/responses");
    expect(JSON.parse(String(init?.body))).toMatchObject({ model: "demo/model", stream: true });
    const run = store.get("a");
    expect(run.status).toBe("completed");
    expect(run.parts[0].text).toBe(ANSWER);
    expect(seen[0]).toBe("in_progress");
    expect(store.requestOf("a")).toBe(request);
    expect(store.isRunning("a")).toBe(false);
    // Other columns are untouched.
    expect(store.get("b").status).toBe("idle");
  });

  it("turns an error answer into a failed run carrying the status and the contract's message and issues", async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: 400, message: "Invalid request", metadata: { issues: [{ path: "model", message: "Pick a model" }] } } },
        { status: 400 },
      ),
    );
    const store = new RunStore();
    await store.run("a", defaultRequest("demo/unknown"));
    const run = store.get("a");
    expect(run.status).toBe("failed");
    expect(run.error).toEqual({ code: "400", message: "Invalid request: Pick a model" });
  });

  it("never sends a request the shared schema refuses", async () => {
    const fetchMock = stubFetch((init) => streamAnswer(sse(recordedStream()), init?.signal));
    const store = new RunStore();
    await store.run("a", { ...defaultRequest("demo/model"), max_output_tokens: -3 });
    await store.run("b", defaultRequest(""));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get("a").status).toBe("idle");
    expect(store.get("b").status).toBe("idle");
  });

  it("a Stop while the run's code loads means nothing is sent", async () => {
    const fetchMock = stubFetch((init) => streamAnswer(sse(recordedStream()), init?.signal));
    const store = new RunStore();
    const running = store.run("a", defaultRequest("demo/model"));
    store.stop("a");
    await running;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.get("a").status).toBe("idle");
  });

  it("fails the run, saying why, when the run's code cannot be loaded", async () => {
    const fetchMock = stubFetch((init) => streamAnswer(sse(recordedStream()), init?.signal));
    vi.resetModules();
    vi.doMock("./run-engine", () => Promise.reject(new Error("Failed to load chunk run-engine")));
    try {
      const { RunStore: FreshStore } = await import("./run-store");
      const store = new FreshStore();
      await store.run("a", defaultRequest("demo/model"));
      expect(fetchMock).not.toHaveBeenCalled();
      const run = store.get("a");
      expect(run.status).toBe("failed");
      expect(run.error?.message).toMatch(/^The code that runs a request could not be loaded \(.+\)\. Check the connection and run again\.$/);
    } finally {
      vi.doUnmock("./run-engine");
      vi.resetModules();
    }
  });

  it("stop() aborts the request and keeps what arrived", async () => {
    const events = recordedStream();
    const firstDelta = events.findIndex((e) => e.type === "response.output_text.delta");
    let signal: AbortSignal | null | undefined;
    stubFetch((init) => {
      signal = init?.signal;
      return streamAnswer(sse(events.slice(0, firstDelta + 1), { done: false }), init?.signal, { hang: true });
    });
    const store = new RunStore();
    const running = store.run("a", defaultRequest("demo/model"));
    await vi.waitFor(() => expect(store.get("a").parts[0]?.text.length ?? 0).toBeGreaterThan(0));
    expect(store.isRunning("a")).toBe(true);

    store.stop("a");
    await running;

    expect(signal?.aborted).toBe(true);
    const run = store.get("a");
    expect(run.status).toBe("stopped");
    expect(run.parts[0].text.length).toBeGreaterThan(0);
    expect(store.isRunning("a")).toBe(false);
  });

  it("a new run in the same column aborts the old one without marking the new one stopped", async () => {
    const signals: (AbortSignal | null | undefined)[] = [];
    stubFetch((init) => {
      signals.push(init?.signal);
      if (signals.length > 1) return streamAnswer(sse(recordedStream()), init?.signal);
      // The first request has no answer yet: aborting it rejects the fetch, as a browser does.
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
      );
    });
    const store = new RunStore();
    const first = store.run("a", defaultRequest("demo/model"));
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    await store.run("a", defaultRequest("demo/other"));
    await first;

    expect(signals[0]?.aborted).toBe(true);
    expect(store.get("a").status).toBe("completed");
    expect(store.requestOf("a")?.model).toBe("demo/other");
  });

  it("getMany returns the same array until one of its columns changes; forget drops a column", async () => {
    stubFetch((init) => streamAnswer(sse(recordedStream()), init?.signal));
    const store = new RunStore();
    const before = store.getMany(["a", "b"]);
    expect(store.getMany(["a", "b"])).toBe(before);

    await store.run("b", defaultRequest("demo/model"));
    const after = store.getMany(["a", "b"]);
    expect(after).not.toBe(before);
    expect(after.map(({ id, run }) => [id, run.status])).toEqual([
      ["a", "idle"],
      ["b", "completed"],
    ]);
    expect(store.getMany(["a", "b"])).toBe(after);

    store.forget("b");
    expect(store.get("b").status).toBe("idle");
    expect(store.requestOf("b")).toBeUndefined();
  });
});
