import { z } from "zod";
import { readLimited } from "@/lib/streams/read-limited";
import { HttpError, PAYLOAD_TOO_LARGE } from "./http-error";

/**
 * Reads a request body up to `limit` bytes. A declared Content-Length over the limit is refused
 * before reading anything; a body without one (chunked) is counted as it arrives and refused as
 * soon as it passes the limit, so an oversize body never sits in memory whole.
 */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, PAYLOAD_TOO_LARGE, { limit_bytes: limit });
  if (!request.body) return new Uint8Array(0);
  const { chunks, size: total } = await readLimited(request.body, limit, () => new HttpError(413, PAYLOAD_TOO_LARGE, { limit_bytes: limit }));
  if (chunks.length === 1 && chunks[0].buffer instanceof ArrayBuffer) return chunks[0] as Uint8Array<ArrayBuffer>;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * The shape a JSON body may have, whatever its size in bytes. Depth: the deepest request the contract
 * describes (a tool's JSON Schema, a preset's config) is a handful of levels; past 64, JSON.parse still
 * copes but whatever walks the value recursively afterwards (JSON.stringify when a request is stored
 * or echoed, the video request's hash) would overflow the stack. Entries (array elements and object
 * members, counted as the brackets and commas outside strings): validation costs about a microsecond
 * each, so 2 MiB of tiny items would hold the event loop for a good part of a second; 10,000 is far
 * more than a conversation in the models' 32,768-token context holds. Long texts are not entries.
 */
export const JSON_SHAPE_LIMITS = { depth: 64, entries: 10_000 } as const;

/** What is wrong with the JSON text's shape, or null: one pass over its characters, strings skipped. */
export function jsonShapeProblem(text: string, limits: { depth: number; entries: number } = JSON_SHAPE_LIMITS): string | null {
  let depth = 0;
  let entries = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character, quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limits.depth) return `must not nest objects and arrays more than ${limits.depth} levels deep`;
      if (++entries > limits.entries) return `must not hold more than ${limits.entries} array elements and object members in all`;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x2c && ++entries > limits.entries) return `must not hold more than ${limits.entries} array elements and object members in all`;
  }
  return null;
}

export async function readJson<S extends z.ZodType>(request: Request, limit: number, schema: S): Promise<z.infer<S>> {
  const bytes = await readBody(request, limit);
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw HttpError.field("body", "must be valid JSON");
  }
  const shapeProblem = jsonShapeProblem(text);
  if (shapeProblem) throw HttpError.field("body", shapeProblem);
  try {
    value = JSON.parse(text);
  } catch {
    throw HttpError.field("body", "must be valid JSON");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  return parsed.data;
}

export function parseQuery<S extends z.ZodType>(url: string, schema: S): z.infer<S> {
  const params = new URL(url).searchParams;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  return parsed.data;
}

/** Validates one path parameter so the 400 names it ("slug: ..."), like a body field. */
export function parseParam<S extends z.ZodType>(name: string, schema: S, value: string | undefined): z.infer<S> {
  const parsed = z.object({ [name]: schema }).safeParse({ [name]: value });
  if (!parsed.success) throw HttpError.fromZod(parsed.error);
  return (parsed.data as Record<string, z.infer<S>>)[name];
}
