import "server-only";
import type { z } from "zod";
import { formatByteLimit } from "@/lib/format/bytes";
import { parseJsonInTurns } from "@/lib/streams/json-in-turns";
import { readLimited } from "@/lib/streams/read-limited";
import { HttpError } from "./errors";

export const JSON_BODY_LIMIT = 1024 * 1024;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is larger than ${formatByteLimit(limit)}`, { metadata: { limit_bytes: limit } });
}

/** Refuses a declared Content-Length over the limit before reading a byte. */
export function checkDeclaredLength(request: Request, limit: number): void {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
}

/**
 * A copy of `body` that errors with 413 once more than `limit` bytes went through: the check for
 * bodies sent without Content-Length (chunked), which a header check cannot see.
 */
export function limitStream(body: ReadableStream<Uint8Array>, limit: number, onExceeded?: () => void): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          onExceeded?.();
          controller.error(tooLarge(limit));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
}

/** A JSON body's bytes, at most `limit`: 413 above it, 415 for another Content-Type, 400 when there is none. */
async function jsonBodyChunks(request: Request, limit: number): Promise<Uint8Array[]> {
  const type = request.headers.get("content-type");
  if (type !== null && !/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  checkDeclaredLength(request, limit);
  if (!request.body) throw new HttpError(400, "Request body is required: send a JSON object");
  return (await readLimited(request.body, limit, () => tooLarge(limit))).chunks;
}

/** The body's text parsed by `parse`: 400 when it is empty or not JSON. */
async function parsedJson(text: string, parse: (text: string) => unknown): Promise<unknown> {
  if (text.trim() === "") throw new HttpError(400, "Request body is required: send a JSON object");
  try {
    return await parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw new HttpError(400, "Request body is not valid JSON");
    throw error;
  }
}

/** Reads a JSON body of at most `limit` bytes; 413 above it, 415 for another Content-Type, 400 for bad JSON. */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const chunks = await jsonBodyChunks(request, limit);
  return parsedJson(new TextDecoder().decode(Buffer.concat(chunks)), JSON.parse);
}

/**
 * A JSON body of up to `limit` bytes (readJsonBody's refusals) read with the event loop given turns: decoded a chunk
 * at a time, and its member `arrayKey`'s array read an element at a time (a question set's 10,000 rows, issue 36).
 */
export async function readLargeJsonBody(request: Request, limit: number, arrayKey: string): Promise<unknown> {
  const chunks = await jsonBodyChunks(request, limit);
  const decoder = new TextDecoder();
  let text = "";
  for (const chunk of chunks) {
    text += decoder.decode(chunk, { stream: true });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parsedJson(text + decoder.decode(), (whole) => parseJsonInTurns(whole, arrayKey));
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw HttpError.badRequest(result.error, message);
  return result.data;
}

/** Query parameters as a plain object (first value of a repeated name), parsed with `schema`. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const [name, value] of params) if (!(name in query)) query[name] = value;
  return parseWith(schema, query, "Invalid query parameters");
}
