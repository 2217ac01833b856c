import "server-only";
import { yieldToLoop } from "@/lib/evaluations/import-chunks";

/*
 * A large answer (a 10,000-row export, an editor's whole version) written as it is made, a chunk at a time, the event
 * loop given a turn before each chunk (issue 36: built as one string, a 16-20 MB answer held the server for every
 * other user for most of a second). Only one chunk is made ahead of what the client has read.
 */

/** Characters per chunk: small enough that making one is a millisecond or two. */
const CHUNK_CHARS = 64 * 1024;

/** The pieces of text `parts` gives, joined, as a byte stream made a chunk at a time with turns given between chunks. */
export function textStream(parts: Iterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = parts[Symbol.iterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await yieldToLoop();
        let chunk = "";
        while (chunk.length < CHUNK_CHARS) {
          const next = iterator.next();
          if (next.done) {
            if (chunk) controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += next.value;
        }
        controller.enqueue(encoder.encode(chunk));
      },
      cancel() {
        iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}
