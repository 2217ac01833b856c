import { createParser } from "eventsource-parser";
import type { AnyStreamEvent } from "@/lib/contract/gateway";
import { parseStreamData } from "./parse-event";

/** The events of one text/event-stream body, handed over chunk by chunk. */
export interface EventBatcher {
  /** Feeds one network chunk, or the end of the body (`undefined`), and returns the events it completed. */
  feed(chunk: Uint8Array | undefined): AnyStreamEvent[];
  /** True once `data: [DONE]` was read: nothing after it counts. */
  readonly done: boolean;
}

export interface EventBatcherOptions {
  /** A line that was skipped or repaired (dropped when not given). */
  onWarning?: (message: string) => void;
  /** At the end of the body, also parse a last event that no blank line ended. */
  keepUnterminatedLastEvent?: boolean;
}

/**
 * Reads a text/event-stream body: UTF-8 decoded across chunk boundaries, split into events by eventsource-parser,
 * each `data` parsed with the shared schema. The browser's stream reader and the evaluation runner read answers
 * this one way.
 */
export function createEventBatcher(options: EventBatcherOptions = {}): EventBatcher {
  let batch: AnyStreamEvent[] = [];
  let done = false;
  const parser = createParser({
    onEvent(message) {
      if (done) return;
      const parsed = parseStreamData(message.data);
      if (parsed.kind === "done") {
        done = true;
        return;
      }
      if (options.onWarning) for (const warning of parsed.warnings) options.onWarning(warning);
      if (parsed.kind === "event") batch.push(parsed.event);
    },
  });
  const decoder = new TextDecoder();
  return {
    feed(chunk) {
      if (chunk) {
        parser.feed(decoder.decode(chunk, { stream: true }));
      } else {
        parser.feed(decoder.decode());
        if (options.keepUnterminatedLastEvent) parser.reset({ consume: true });
      }
      const events = batch;
      batch = [];
      return events;
    },
    get done() {
      return done;
    },
  };
}
