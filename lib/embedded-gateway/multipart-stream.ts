/**
 * A streaming reader of multipart/form-data (RFC 7578): part bodies are handed to a sink chunk by
 * chunk as they arrive, so an upload never sits in memory whole. At any moment it holds one
 * incoming chunk plus at most a delimiter's length of carried bytes, or one part's headers
 * (bounded by MAX_HEADER_BYTES).
 */

export class MultipartError extends Error {}

export interface PartInfo {
  /** The `name` of Content-Disposition; null when absent. */
  name: string | null;
  /** The `filename` (or `filename*`) of Content-Disposition; null for a plain field. */
  filename: string | null;
}

/** Receives one part's body; write() is awaited, so a slow sink slows the reading. */
export interface PartSink {
  write(chunk: Uint8Array): void | Promise<void>;
  end(): void | Promise<void>;
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary parameter of a multipart/form-data Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const [type, ...params] = splitParams(contentType);
  if (type.toLowerCase() !== "multipart/form-data") return null;
  const boundary = params.find(([key]) => key === "boundary")?.[1];
  // RFC 2046: 1 to 70 characters.
  return boundary && boundary.length <= 70 ? boundary : null;
}

/**
 * Reads the whole body. `onPart` decides per part: a sink receives its bytes, null skips them
 * (skipped bytes still pass through the stream, so the caller's byte count covers them).
 */
export async function readMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  onPart: (part: PartInfo) => PartSink | null,
): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body without the CRLF before it.
  let pending: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "after-delimiter" | "headers" | "body" | "done" = "preamble";
  let sink: PartSink | null = null;
  for await (const value of body) {
    if (state === "done") continue; // epilogue: ignored
    pending = pending.byteLength ? Buffer.concat([pending, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    for (let progressed = true; progressed; ) {
      progressed = false;
      if (state === "preamble" || state === "body") {
        const at = pending.indexOf(delimiter);
        const keep = at >= 0 ? at : Math.max(0, pending.byteLength - (delimiter.byteLength - 1));
        if (state === "body" && keep > 0) await sink?.write(pending.subarray(0, keep));
        if (at < 0) {
          pending = Buffer.from(pending.subarray(keep));
          break;
        }
        if (state === "body") await sink?.end();
        sink = null;
        pending = pending.subarray(at + delimiter.byteLength);
        state = "after-delimiter";
        progressed = true;
      } else if (state === "after-delimiter") {
        if (pending.byteLength < 2) break;
        if (pending[0] === 0x2d && pending[1] === 0x2d) {
          state = "done";
          break;
        }
        // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
        const lineEnd = pending.indexOf(CRLF);
        if (lineEnd < 0) {
          if (pending.byteLength > 256) throw new MultipartError("a boundary line is malformed");
          break;
        }
        if (pending.subarray(0, lineEnd).some((byte) => byte !== 0x20 && byte !== 0x09)) throw new MultipartError("a boundary line is malformed");
        pending = pending.subarray(lineEnd + 2);
        state = "headers";
        progressed = true;
      } else if (state === "headers") {
        // A part without headers starts its body right away.
        const end = pending.subarray(0, 2).equals(CRLF) ? -2 : pending.indexOf(HEADER_END);
        if (end === -1) {
          if (pending.byteLength > MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
          break;
        }
        const headerText = end < 0 ? "" : pending.subarray(0, end).toString("utf8");
        sink = onPart(partInfo(headerText));
        pending = pending.subarray(end < 0 ? 2 : end + 4);
        state = "body";
        progressed = true;
      }
    }
  }
  if (state !== "done") throw new MultipartError("the body ends before its closing boundary");
}

function partInfo(headerText: string): PartInfo {
  for (const line of headerText.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") continue;
    const [, ...params] = splitParams(line.slice(colon + 1));
    const get = (key: string) => params.find(([k]) => k === key)?.[1] ?? null;
    const extended = get("filename*");
    return { name: get("name"), filename: (extended !== null ? decodeExtended(extended) : null) ?? get("filename") };
  }
  return { name: null, filename: null };
}

/** RFC 5987 `UTF-8''percent-encoded`; null when malformed. */
function decodeExtended(value: string): string | null {
  const quote = value.indexOf("''");
  if (quote < 0 || value.slice(0, quote).toLowerCase() !== "utf-8") return null;
  try {
    return decodeURIComponent(value.slice(quote + 2));
  } catch {
    return null;
  }
}

/**
 * Splits `value; key=token; key="quoted \"string\""` in one pass (no regex on request input).
 * Returns the leading value first (as a one-element tuple), then lower-cased keys with values.
 */
function splitParams(header: string): [string, ...[string, string][]] {
  const params: [string, string][] = [];
  let i = header.indexOf(";");
  const head = (i < 0 ? header : header.slice(0, i)).trim();
  while (i >= 0 && i < header.length) {
    i++; // past ";"
    const eq = header.indexOf("=", i);
    const nextSemi = header.indexOf(";", i);
    if (eq < 0 || (nextSemi >= 0 && nextSemi < eq)) {
      i = nextSemi;
      continue;
    }
    const key = header.slice(i, eq).trim().toLowerCase();
    let j = eq + 1;
    while (header[j] === " " || header[j] === "\t") j++;
    let value = "";
    if (header[j] === '"') {
      for (j++; j < header.length && header[j] !== '"'; j++) {
        if (header[j] === "\\" && j + 1 < header.length) j++;
        value += header[j];
      }
      i = header.indexOf(";", j);
    } else {
      const end = header.indexOf(";", j);
      value = (end < 0 ? header.slice(j) : header.slice(j, end)).trim();
      i = end;
    }
    params.push([key, value]);
  }
  return [head, ...params] as [string, ...[string, string][]];
}
