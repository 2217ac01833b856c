import { QUESTION_LIMITS } from "./questions";

/*
 * The text of a question file as it arrives, a chunk at a time: from a request body as it is read, or from a text
 * already in memory cut into slices. The parsers (import-csv.ts, import-jsonl.ts) work chunk by chunk and give the
 * event loop a turn between chunks, so a large file never holds the server for its whole length, and they stop
 * reading as soon as the file is over a limit (the rest of a body is never read).
 */

/** Characters per slice of a text already in memory: small enough that one slice's parsing is a millisecond or two. */
const SLICE_CHARS = 64 * 1024;

/** Lets timers and I/O run (other users' requests) before the next chunk: a macrotask, not a microtask. */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A file's text in slices, the event loop given a turn before each. */
export async function* textSlices(text: string): AsyncGenerator<string> {
  for (let start = 0; start < text.length; start += SLICE_CHARS) {
    await yieldToLoop();
    yield text.slice(start, start + SLICE_CHARS);
  }
}

/** Thrown by `limitedText` once more than `limitBytes` went through; the importers report it as the file's error. */
export class FileTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`is larger than ${limitBytes / (1024 * 1024)} MiB`);
  }
}

/**
 * Text chunks of at most `limitBytes` bytes of UTF-8 in all, from text or byte chunks; a leading byte-order mark
 * dropped. Throws FileTooLargeError the moment the count passes the limit, so the source is not read further.
 */
export async function* limitedText(source: AsyncIterable<string | Uint8Array>, limitBytes: number = QUESTION_LIMITS.fileMaxBytes): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const encoder = new TextEncoder();
  let bytes = 0;
  let first = true;
  for await (const chunk of source) {
    let text: string;
    if (typeof chunk === "string") {
      // Every character is at least one byte: a slice this long is over the limit without encoding it.
      bytes += chunk.length > limitBytes ? chunk.length : encoder.encode(chunk).byteLength;
      text = chunk;
    } else {
      bytes += chunk.byteLength;
      text = decoder.decode(chunk, { stream: true });
    }
    if (bytes > limitBytes) throw new FileTooLargeError(limitBytes);
    if (first && text !== "") {
      first = false;
      if (text.startsWith("\uFEFF")) text = text.slice(1);
    }
    if (text !== "") yield text;
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}

/**
 * Byte chunks of a web stream (a request's body). When the reader stops early (a limit was reached), the rest is
 * read and dropped without being parsed, up to `discardMax` bytes, then the stream is cancelled: a client still
 * sending its file then gets the answer that names the limit, not a connection reset, and a client sending more
 * than that is cut off.
 */
export async function* streamChunks(body: ReadableStream<Uint8Array>, discardMax: number = QUESTION_LIMITS.fileMaxBytes): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) void discardRest(reader, discardMax);
  }
}

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, discardMax: number): Promise<void> {
  let dropped = 0;
  try {
    while (dropped <= discardMax) {
      const next = await reader.read();
      if (next.done) return;
      dropped += next.value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to drop.
  }
}

/** Line breaks ("\r\n", "\r") made "\n", a CR at a chunk's end held for the next chunk (it may be a CRLF's half). */
export async function* lfOnly(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let held = "";
  for await (const chunk of chunks) {
    let text = held + chunk;
    held = "";
    if (text.endsWith("\r")) {
      held = "\r";
      text = text.slice(0, -1);
    }
    if (text !== "") yield text.replace(/\r\n?/g, "\n");
  }
  if (held !== "") yield "\n";
}
