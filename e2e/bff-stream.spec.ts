import http from "node:http";
import { expect, GATEWAY, gatewayHeaders, test, type StorageState } from "./fixtures";

/**
 * The streaming relay under `next start` (which compresses by default): events are neither
 * gzipped nor buffered, a browser abort reaches the gateway, and a broken upstream ends with an
 * error event.
 */

interface Chunk {
  at: number;
  text: string;
}

/** POSTs through node:http so the exact headers and the arrival time of each chunk are visible. */
function rawPost(url: string, cookie: string, body: unknown): Promise<{ status: number; headers: http.IncomingHttpHeaders; chunks: Chunk[]; started: number }> {
  const target = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "accept-encoding": "gzip, deflate, br", origin: target.origin, cookie },
      },
      (response) => {
        const chunks: Chunk[] = [];
        response.on("data", (data: Buffer) => chunks.push({ at: Date.now() - started, text: data.toString("utf8") }));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, chunks, started }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

function cookieHeader(state: StorageState): string {
  return state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

async function streamCounters(): Promise<{ aborted_by_client: number; last_aborted_at: string | null }> {
  const response = await fetch(`${GATEWAY.baseUrl}/__debug/streams`, { headers: gatewayHeaders("management") });
  return (await response.json()) as { aborted_by_client: number; last_aborted_at: string | null };
}

test.describe("streaming relay", () => {
  test("events arrive uncompressed and one by one while the gateway generates", async ({ baseURL, sessionStates }) => {
    const cookie = cookieHeader(await sessionStates("editor"));
    const result = await rawPost(`${baseURL}/api/responses`, cookie, { model: "gatehouse/scholar", input: "What is a preset?", stream: true });
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(result.headers["content-encoding"]).toBeUndefined();
    expect(result.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(result.headers["x-accel-buffering"]).toBe("no");

    const text = result.chunks.map((c) => c.text).join("");
    expect(text.startsWith('data: {"type":"response.created"')).toBe(true);
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    // The first event comes at once; the last one seconds later (the scholar model streams slowly): nothing waited for the end.
    const first = result.chunks[0].at;
    const last = result.chunks.at(-1)!.at;
    expect(first).toBeLessThan(1000);
    expect(last - first).toBeGreaterThan(1000);
    expect(result.chunks.length).toBeGreaterThan(10);
  });

  // The 100 ms target for this delay is measured by `npm run bench:bff` (abort row); here the behaviour is
  // that the gateway's stream is cut off long before it would have ended by itself (it lasts seconds).
  test("aborting in the browser ends the gateway's stream, not left running to its end", async ({ page, loginAs }) => {
    await loginAs("editor");
    await page.goto("/playground");
    const before = await streamCounters();
    const abortedAt = await page.evaluate(async () => {
      const controller = new AbortController();
      const response = await fetch("/api/responses", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ model: "gatehouse/scholar", input: "Tell me about files", stream: true }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      const at = Date.now();
      controller.abort();
      return at;
    });
    let after = before;
    await expect
      .poll(async () => (after = await streamCounters()).aborted_by_client, { intervals: [10], timeout: 20_000 })
      .toBeGreaterThan(before.aborted_by_client);
    // How soon is a figure for bench:bff, not a bound here: a loaded CI machine may take seconds. What a user
    // would notice is whether the gateway's stream ends at all, and that it ended after the browser let go.
    const delay = Date.parse(after.last_aborted_at!) - abortedAt;
    test.info().annotations.push({ type: "abort-delay-ms", description: String(delay) });
    expect(delay).toBeGreaterThanOrEqual(-5);
  });

  test("a stream the gateway breaks off ends with an error event @faults", async ({ baseURL, sessionStates }) => {
    const cookie = cookieHeader(await sessionStates("editor"));
    // Cut after the first deltas, so the gateway has sent its headers and breaks the connection mid-stream.
    const fault = await fetch(`${GATEWAY.baseUrl}/__faults`, {
      method: "POST",
      headers: { ...gatewayHeaders("management"), "content-type": "application/json" },
      body: JSON.stringify({ path: "/responses", method: "POST", count: 1, cut_stream_after_events: 6 }),
    });
    expect(fault.status).toBe(201);
    const result = await rawPost(`${baseURL}/api/responses`, cookie, { model: "gatehouse/swift", input: "Cut me off", stream: true });
    expect(result.status).toBe(200);
    const text = result.chunks.map((c) => c.text).join("");
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("data: {"))
      .map((block) => JSON.parse(block.slice(6)) as { type: string; sequence_number: number });
    expect(events).toHaveLength(7);
    expect(events.at(-1)).toMatchObject({ type: "error", sequence_number: 6 });
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
  });
});
