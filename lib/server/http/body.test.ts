import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JSON_BODY_LIMIT, limitStream, parseQuery, readJsonBody } from "./body";
import { HttpError } from "./errors";

function post(body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) {
  return new Request("http://localhost/api/x", { method: "POST", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe("readJsonBody", () => {
  it("parses JSON", async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
  });

  it("413 above 1 MB, also when the body is chunked without Content-Length", async () => {
    const big = JSON.stringify({ text: "x".repeat(JSON_BODY_LIMIT) });
    expect((await failure(readJsonBody(post(big)))).status).toBe(413);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(32));
        controller.close();
      },
    });
    const error = await failure(readJsonBody(post(chunked)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("Request body is larger than 1 MB");
  });

  it("400 for broken or empty JSON, 415 for another type", async () => {
    expect((await failure(readJsonBody(post("{nope")))).message).toBe("Request body is not valid JSON");
    expect((await failure(readJsonBody(post("")))).status).toBe(400);
    expect((await failure(readJsonBody(post("a=1", { "content-type": "application/x-www-form-urlencoded" })))).status).toBe(415);
  });
});

describe("limitStream", () => {
  it("errors once the limit is passed", async () => {
    let exceeded = false;
    const source = new Response("x".repeat(100)).body!;
    const reader = limitStream(source, 10, () => (exceeded = true)).getReader();
    await expect(reader.read()).rejects.toMatchObject({ status: 413 });
    expect(exceeded).toBe(true);
  });
});

describe("parseQuery", () => {
  it("400 naming the parameter", () => {
    const schema = z.object({ limit: z.coerce.number().int().max(10) });
    expect(parseQuery(new Request("http://l/x?limit=3&limit=99"), schema)).toEqual({ limit: 3 });
    try {
      parseQuery(new Request("http://l/x?limit=99"), schema);
      expect.unreachable();
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
      expect((error as HttpError).message).toBe("Invalid query parameters: limit: limit must be at most 10");
    }
  });
});
