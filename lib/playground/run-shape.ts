import type { AnyStreamEvent, SearchItem, UrlCitation, Usage } from "@/lib/contract/gateway";

/*
 * What a playground run is (its state, the actions that change it) and the idle run, apart from the
 * reducer (./run-state), which needs the contract's stream schemas: the page shows idle columns at
 * first paint and loads the reducer when a run starts.
 */

export type RunStatus = "idle" | "in_progress" | "completed" | "incomplete" | "failed" | "stopped";

export interface TextPart {
  /** `${item_id}:${content_index}`. */
  readonly key: string;
  readonly itemId: string;
  readonly outputIndex: number;
  readonly contentIndex: number;
  readonly text: string;
  /** url_citation annotations without duplicates, in annotation_index order. */
  readonly annotations: readonly UrlCitation[];
  /** annotation_index of each entry of `annotations` (null when only the final response had it). */
  readonly annotationIndexes: readonly (number | null)[];
}

export interface SearchCall {
  readonly id: string;
  readonly outputIndex: number;
  readonly status: string;
  readonly item: SearchItem;
}

interface RunError {
  readonly code: string | null;
  readonly message: string;
}

export interface RunState {
  readonly status: RunStatus;
  readonly responseId: string | null;
  readonly model: string | null;
  readonly parts: readonly TextPart[];
  readonly searches: readonly SearchCall[];
  readonly usage: Usage | null;
  readonly error: RunError | null;
  readonly incompleteReason: string | null;
  readonly startedAt: number | null;
  readonly firstTokenAt: number | null;
  readonly endedAt: number | null;
  /** Highest sequence_number of an applied text delta; older or repeated deltas are skipped. */
  readonly lastDeltaSequence: number;
  /** Events received, for the run's details. */
  readonly eventCount: number;
}

export type RunAction =
  | { type: "start"; at: number }
  | { type: "events"; events: readonly AnyStreamEvent[]; at: number }
  | { type: "stop"; at: number }
  /** The request could not be made or the stream broke without an error event. */
  | { type: "fail"; message: string; code?: string | null; at: number }
  /** The stream closed ([DONE] or end of body). */
  | { type: "end"; at: number };

/** A column before its first run. */
export const initialRunState: RunState = {
  status: "idle",
  responseId: null,
  model: null,
  parts: [],
  searches: [],
  usage: null,
  error: null,
  incompleteReason: null,
  startedAt: null,
  firstTokenAt: null,
  endedAt: null,
  lastDeltaSequence: -1,
  eventCount: 0,
};
