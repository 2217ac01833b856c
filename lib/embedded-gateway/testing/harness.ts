import { afterAll, beforeAll } from "vitest";
import { startEmbeddedGateway, type EmbeddedGateway, type EmbeddedGatewayOptions } from "../server";

const TEST_API_KEY = "test-api-key-0123456789";
const TEST_MANAGEMENT_KEY = "test-management-key-0123456789";

/** An embedded gateway for one test file: in memory, ephemeral port, fixed corpus, few demo files. */
export function startTestGateway(opts: EmbeddedGatewayOptions = {}): Promise<EmbeddedGateway> {
  return startEmbeddedGateway({
    dbFile: ":memory:",
    port: 0,
    apiKey: TEST_API_KEY,
    managementKey: TEST_MANAGEMENT_KEY,
    corpus: "fixed",
    demoFiles: 120,
    faults: true,
    ...opts,
  });
}

/**
 * A test gateway for the whole file: started before its tests, closed after them. The callers are bound
 * lazily, so they can be taken at the top of the file: `const { api, admin } = fileTestGateway();`.
 */
export function fileTestGateway(opts: EmbeddedGatewayOptions = {}) {
  let started: EmbeddedGateway | undefined;
  beforeAll(async () => {
    started = await startTestGateway(opts);
  });
  afterAll(() => started?.close());
  const gateway = (): EmbeddedGateway => {
    if (!started) throw new Error("the test gateway is used before beforeAll started it");
    return started;
  };
  const bound =
    (key: () => string | null): Caller =>
    (path, init) =>
      caller(gateway(), key())(path, init);
  return {
    gateway,
    /** With the API key. */
    api: bound(() => gateway().apiKey),
    /** With the management key. */
    admin: bound(() => gateway().managementKey),
    /** Without a key. */
    anon: bound(() => null),
  };
}

export type Caller = (path: string, init?: RequestInit & { json?: unknown; key?: string | null }) => Promise<Response>;

/** fetch bound to a gateway: relative paths, a bearer key (the API key unless told), JSON bodies. */
export function caller(gateway: EmbeddedGateway, defaultKey: string | null = gateway.apiKey): Caller {
  return (path, init = {}) => {
    const { json, key = defaultKey, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null) headers.set("authorization", `Bearer ${key}`);
    let body = rest.body;
    if (json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(json);
    }
    return fetch(`${gateway.baseUrl}${path}`, { ...rest, headers, body });
  };
}

export interface SseRead {
  events: Record<string, unknown>[];
  done: boolean;
  /** Set when the connection broke before the body ended. */
  error: unknown;
}

/** Reads a text/event-stream body to its end (or until it breaks) into parsed `data:` events. */
export async function readSse(response: Response, onEvent?: (event: Record<string, unknown>, count: number) => boolean | void): Promise<SseRead> {
  const out: SseRead = { events: [], done: false, error: null };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let split: number;
      while ((split = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, split);
        buffer = buffer.slice(split + 2);
        for (const line of block.split("\n")) {
          if (!line.startsWith("data: ")) continue;
          const data = line.slice(6);
          if (data === "[DONE]") {
            out.done = true;
            continue;
          }
          const event = JSON.parse(data) as Record<string, unknown>;
          out.events.push(event);
          if (onEvent?.(event, out.events.length) === false) {
            await reader.cancel();
            return out;
          }
        }
      }
    }
  } catch (error) {
    out.error = error;
  }
  return out;
}

/** Slices a string by Unicode code points, the unit of annotation offsets. */
export function sliceCodePoints(text: string, start: number, end: number): string {
  return Array.from(text).slice(start, end).join("");
}
