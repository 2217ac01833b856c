import { z } from "zod";
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
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, PAYLOAD_TOO_LARGE, { limit_bytes: limit });
    }
    chunks.push(value);
  }
  if (chunks.length === 1 && chunks[0].buffer instanceof ArrayBuffer) return chunks[0] as Uint8Array<ArrayBuffer>;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export async function readJson<S extends z.ZodType>(request: Request, limit: number, schema: S): Promise<z.infer<S>> {
  const bytes = await readBody(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
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
