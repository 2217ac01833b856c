import {
  isMessageOutputItem,
  isOutputText,
  isUrlCitation,
  isSearchItem,
  type Annotation,
  type OutputItem,
  type ResponseObject,
  type StreamEvent,
  type UrlCitation,
  type SearchItem,
} from "@/lib/contract/gateway";
import { STREAM_EVENT_TYPES } from "@/lib/contract/gateway";
import { initialRunState, type RunAction, type RunState, type RunStatus, type SearchCall, type TextPart } from "./run-shape";

/*
 * The state of one playground run, folded from stream events by a pure reducer. Time comes in
 * with each action (`at`, milliseconds on any monotonic clock) so the reducer stays pure.
 */

export type { RunAction, RunState, SearchCall, TextPart } from "./run-shape";
export { initialRunState };


const KNOWN = new Set<string>(STREAM_EVENT_TYPES);

function isDone(status: RunStatus): boolean {
  return status === "completed" || status === "incomplete" || status === "failed" || status === "stopped";
}

/** Two annotations are the same citation when kind, URL and offsets agree; title and excerpt may be filled in later. */
function citationIdentity(annotation: UrlCitation): string {
  return `${annotation.url}\u0000${annotation.start_index}\u0000${annotation.end_index}`;
}

function comparePartOrder(a: TextPart, b: TextPart): number {
  return a.outputIndex - b.outputIndex || a.contentIndex - b.contentIndex;
}

function upsertPart(
  parts: readonly TextPart[],
  location: { itemId: string; outputIndex: number; contentIndex: number },
  change: (part: TextPart) => TextPart,
): readonly TextPart[] {
  const key = `${location.itemId}:${location.contentIndex}`;
  const at = parts.findIndex((part) => part.key === key);
  if (at >= 0) {
    const next = parts.slice();
    next[at] = change(parts[at]);
    return next;
  }
  const created = change({ key, ...location, text: "", annotations: [], annotationIndexes: [] });
  return [...parts, created].sort(comparePartOrder);
}

/**
 * Adds annotations (index = annotation_index, or null). A repeat (same URL and offsets) only fills
 * in what the first copy lacked; a different citation of the same URL is a span of its own and is
 * kept. One pass with a map, so a final response carrying hundreds of citations stays linear.
 */
function addAnnotations(part: TextPart, incoming: readonly { annotation: UrlCitation; index: number | null }[]): TextPart {
  if (incoming.length === 0) return part;
  let annotations: UrlCitation[] | null = null;
  let indexes: (number | null)[] | null = null;
  const positions = new Map<string, number>();
  part.annotations.forEach((annotation, position) => positions.set(citationIdentity(annotation), position));
  const appended: { annotation: UrlCitation; index: number | null }[] = [];
  for (const entry of incoming) {
    const identity = citationIdentity(entry.annotation);
    const existing = positions.get(identity);
    if (existing === undefined) {
      positions.set(identity, -1);
      appended.push(entry);
      continue;
    }
    if (existing < 0) continue;
    const current = (annotations ?? part.annotations)[existing];
    const knownIndex = (indexes ?? part.annotationIndexes)[existing];
    const richer = (!current.title && entry.annotation.title) || (!current.content && entry.annotation.content);
    if (!richer && (knownIndex !== null || entry.index === null)) continue;
    annotations ??= part.annotations.slice();
    indexes ??= part.annotationIndexes.slice();
    const title = current.title || entry.annotation.title;
    const content = current.content || entry.annotation.content;
    annotations[existing] = { ...entry.annotation, ...current, ...(title ? { title } : {}), ...(content ? { content } : {}) };
    indexes[existing] = knownIndex ?? entry.index;
  }
  if (appended.length === 0) return annotations ? { ...part, annotations, annotationIndexes: indexes! } : part;
  // Merge in annotation_index order; entries known only from a final list keep their order after.
  const merged = (annotations ?? part.annotations).map((annotation, i) => ({ annotation, index: (indexes ?? part.annotationIndexes)[i] }));
  merged.push(...appended);
  const rank = (index: number | null) => (index === null ? Number.POSITIVE_INFINITY : index);
  // Stable sort: equal ranks (all null) keep arrival order.
  merged.sort((a, b) => rank(a.index) - rank(b.index));
  return { ...part, annotations: merged.map((entry) => entry.annotation), annotationIndexes: merged.map((entry) => entry.index) };
}

function addAnnotation(part: TextPart, annotation: UrlCitation, index: number | null): TextPart {
  return addAnnotations(part, [{ annotation, index }]);
}

function citationsOf(annotations: readonly Annotation[] | undefined): UrlCitation[] {
  return (annotations ?? []).filter(isUrlCitation);
}

/** Folds a complete message item (output_item.done or the final response) into the parts. */
function applyMessageItem(parts: readonly TextPart[], item: OutputItem, outputIndex: number): readonly TextPart[] {
  if (!isMessageOutputItem(item)) return parts;
  let next = parts;
  item.content.forEach((content, contentIndex) => {
    if (!isOutputText(content)) return;
    next = upsertPart(next, { itemId: item.id, outputIndex, contentIndex }, (part) =>
      addAnnotations(part.text === content.text ? part : { ...part, text: content.text }, citationsOf(content.annotations).map((annotation, index) => ({ annotation, index }))),
    );
  });
  return next;
}

function upsertSearch(searches: readonly SearchCall[], item: SearchItem, outputIndex: number): readonly SearchCall[] {
  // An openrouter:web_search item may come without an id: its place in the output names it then.
  const id = item.id ?? `output-${outputIndex}`;
  const at = searches.findIndex((search) => search.id === id);
  const entry: SearchCall = { id, outputIndex, status: item.status, item };
  if (at === -1) return [...searches, entry].sort((a, b) => a.outputIndex - b.outputIndex);
  const next = searches.slice();
  // A snapshot without an action (output_item.added) must not erase sources seen earlier.
  next[at] = { ...entry, item: item.action ? item : { ...item, action: searches[at].item.action } };
  return next;
}

function setSearchStatus(searches: readonly SearchCall[], id: string, outputIndex: number, status: string): readonly SearchCall[] {
  const at = searches.findIndex((search) => search.id === id);
  if (at === -1) return upsertSearch(searches, { type: "web_search_call", id, status }, outputIndex);
  if (searches[at].status === "completed" && status !== "completed") return searches;
  const next = searches.slice();
  next[at] = { ...searches[at], status, item: { ...searches[at].item, status } };
  return next;
}

function applyResponse(state: RunState, response: ResponseObject): RunState {
  let parts = state.parts;
  let searches = state.searches;
  response.output.forEach((item, outputIndex) => {
    if (isSearchItem(item)) searches = upsertSearch(searches, item, outputIndex);
    else parts = applyMessageItem(parts, item, outputIndex);
  });
  return {
    ...state,
    responseId: response.id,
    model: response.model,
    parts,
    searches,
    usage: response.usage ?? state.usage,
  };
}

function applyEvent(state: RunState, event: StreamEvent, at: number): RunState {
  switch (event.type) {
    case "response.created":
    case "response.in_progress":
      // Snapshots at the start carry no output worth merging; deltas build it.
      return { ...state, responseId: event.response.id, model: event.response.model, status: "in_progress" };
    case "response.output_item.added":
    case "response.output_item.done": {
      const { item, output_index: outputIndex } = event;
      if (isSearchItem(item)) return { ...state, searches: upsertSearch(state.searches, item, outputIndex) };
      if (isMessageOutputItem(item) && event.type === "response.output_item.done") {
        return { ...state, parts: applyMessageItem(state.parts, item, outputIndex) };
      }
      return state;
    }
    case "response.content_part.added":
    case "response.content_part.done": {
      const { part } = event;
      if (!isOutputText(part)) return state;
      const location = { itemId: event.item_id, outputIndex: event.output_index, contentIndex: event.content_index };
      return {
        ...state,
        parts: upsertPart(state.parts, location, (current) => {
          // The added snapshot is empty; keep what deltas already brought if events crossed.
          const text = event.type === "response.content_part.done" || current.text === "" ? part.text || current.text : current.text;
          const merged = text === current.text ? current : { ...current, text };
          return addAnnotations(merged, citationsOf(part.annotations).map((annotation, index) => ({ annotation, index })));
        }),
      };
    }
    case "response.output_text.delta": {
      if (event.sequence_number <= state.lastDeltaSequence) return state;
      const location = { itemId: event.item_id, outputIndex: event.output_index, contentIndex: event.content_index };
      return {
        ...state,
        lastDeltaSequence: event.sequence_number,
        firstTokenAt: state.firstTokenAt ?? (event.delta.length > 0 ? at : null),
        parts: upsertPart(state.parts, location, (part) => ({ ...part, text: part.text + event.delta })),
      };
    }
    case "response.output_text.annotation.added": {
      if (!isUrlCitation(event.annotation)) return state;
      const annotation = event.annotation;
      const location = { itemId: event.item_id, outputIndex: event.output_index, contentIndex: event.content_index };
      return { ...state, parts: upsertPart(state.parts, location, (part) => addAnnotation(part, annotation, event.annotation_index)) };
    }
    case "response.output_text.done": {
      const location = { itemId: event.item_id, outputIndex: event.output_index, contentIndex: event.content_index };
      return { ...state, parts: upsertPart(state.parts, location, (part) => ({ ...part, text: event.text })) };
    }
    case "response.web_search_call.in_progress":
      return { ...state, searches: setSearchStatus(state.searches, event.item_id, event.output_index, "in_progress") };
    case "response.web_search_call.searching":
      return { ...state, searches: setSearchStatus(state.searches, event.item_id, event.output_index, "searching") };
    case "response.web_search_call.completed":
      return { ...state, searches: setSearchStatus(state.searches, event.item_id, event.output_index, "completed") };
    case "response.completed":
      return { ...applyResponse(state, event.response), status: "completed", endedAt: at };
    case "response.incomplete": {
      const next = applyResponse(state, event.response);
      return { ...next, status: "incomplete", endedAt: at, incompleteReason: event.response.incomplete_details?.reason ?? null };
    }
    case "response.failed": {
      const next = applyResponse(state, event.response);
      const error = event.response.error;
      return {
        ...next,
        status: "failed",
        endedAt: at,
        error: { code: error?.code ?? null, message: error?.message ?? "The response failed." },
      };
    }
    case "error":
      return { ...state, status: "failed", endedAt: at, error: { code: event.code ?? null, message: event.message } };
  }
}

export function runReducer(state: RunState, action: RunAction): RunState {
  switch (action.type) {
    case "start":
      return { ...initialRunState, status: "in_progress", startedAt: action.at };
    case "events": {
      let next = state;
      for (const event of action.events) {
        // Nothing after the end of a run changes it: a stopped run keeps exactly what it showed.
        if (isDone(next.status)) break;
        next = { ...next, eventCount: next.eventCount + 1 };
        if (KNOWN.has(event.type)) next = applyEvent(next, event as StreamEvent, action.at);
      }
      return next;
    }
    case "stop":
      return state.status === "in_progress" ? { ...state, status: "stopped", endedAt: action.at } : state;
    case "fail":
      return isDone(state.status) ? state : { ...state, status: "failed", endedAt: action.at, error: { code: action.code ?? null, message: action.message } };
    case "end":
      return isDone(state.status)
        ? state
        : {
            ...state,
            status: "failed",
            endedAt: action.at,
            error: { code: null, message: "The stream ended before the response was complete." },
          };
  }
}
