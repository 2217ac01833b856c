import type { RunState } from "./run-state";

/**
 * A column before its first run. Apart from the reducer (./run-state), which needs the contract's stream
 * schemas: the page shows idle columns at first paint and loads the reducer when a run starts.
 */
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
