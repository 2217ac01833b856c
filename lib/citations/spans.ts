import { extendOffsetIndex, lengthIn, toStringIndex, type OffsetIndex, type OffsetUnit } from "./offsets";

/** What this module needs of an annotation; the wire type (UrlCitation) satisfies it. */
export interface OffsetAnnotation {
  start_index: number;
  end_index: number;
  url?: string;
}

/** An annotation placed on the text: `start`/`end` are UTF-16 indices, `key` its position in the input. */
export interface CitationSpan<A extends OffsetAnnotation = OffsetAnnotation> {
  readonly key: number;
  readonly annotation: A;
  readonly start: number;
  readonly end: number;
}

type DropReason = "not-integer" | "inverted" | "empty" | "beyond-end" | "duplicate";

export interface SpanIssue {
  key: number;
  action: "dropped" | "clamped";
  reason: DropReason | "start-below-zero" | "end-beyond-text";
  message: string;
}

export interface ResolveOptions {
  /** Unit of start_index/end_index; the embedded gateway counts code points. */
  unit?: OffsetUnit;
  /** A prebuilt index of the same text (reused across streaming renders). */
  index?: OffsetIndex;
  /**
   * The text is still arriving: an annotation reaching past the end is cut at the end for now,
   * and one starting past the end waits, both without a warning.
   */
  streaming?: boolean;
  /** Receives one message per clamped or dropped annotation; console.warn by default. */
  warn?: (message: string, issue: SpanIssue) => void;
  /**
   * Converted offsets of annotations that lay wholly inside the text, reused across calls. Only
   * valid while each text extends the previous one (streaming); start a new map otherwise.
   */
  memo?: WeakMap<object, readonly [number, number]>;
}

export interface ResolvedSpans<A extends OffsetAnnotation> {
  spans: CitationSpan<A>[];
  issues: SpanIssue[];
  /** Annotations waiting for text that has not arrived (streaming only). */
  pending: number;
  /** Spans cut at the end of the text because it has not all arrived yet (streaming only). */
  cutAtEnd: number;
}

function describe(annotation: OffsetAnnotation): string {
  const where = `[${String(annotation.start_index)}, ${String(annotation.end_index)})`;
  return annotation.url ? `${where} ${annotation.url}` : where;
}

/**
 * Places annotations on the text. Never throws: an annotation with offsets that are not integers,
 * inverted, empty or entirely past the end is dropped; one partly outside the text is clamped to
 * it; an exact repeat (same offsets, same URL) is dropped. Each case is reported once per call.
 * Spans keep the input order; overlapping spans are kept (segments carry every span covering them).
 */
export function resolveSpans<A extends OffsetAnnotation>(
  text: string,
  annotations: readonly A[],
  options: ResolveOptions = {},
): ResolvedSpans<A> {
  const unit = options.unit ?? "code_point";
  const index = options.index && options.index.text === text ? options.index : extendOffsetIndex(null, text);
  const length = lengthIn(index, unit);
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const spans: CitationSpan<A>[] = [];
  const issues: SpanIssue[] = [];
  const seen = new Set<string>();
  let pending = 0;
  let cutAtEnd = 0;

  const report = (issue: SpanIssue) => {
    issues.push(issue);
    warn(issue.message, issue);
  };

  annotations.forEach((annotation, key) => {
    let { start_index: start, end_index: end } = annotation;
    const label = describe(annotation);
    if (!Number.isInteger(start) || !Number.isInteger(end)) {
      report({ key, action: "dropped", reason: "not-integer", message: `Citation ${label} dropped: offsets are not integers.` });
      return;
    }
    if (start > end) {
      report({ key, action: "dropped", reason: "inverted", message: `Citation ${label} dropped: start is after end.` });
      return;
    }
    if (start === end) {
      report({ key, action: "dropped", reason: "empty", message: `Citation ${label} dropped: the span is empty.` });
      return;
    }
    if (start >= length) {
      if (options.streaming) pending += 1;
      else report({ key, action: "dropped", reason: "beyond-end", message: `Citation ${label} dropped: it starts after the end of the text (${length}).` });
      return;
    }
    if (start < 0) {
      report({ key, action: "clamped", reason: "start-below-zero", message: `Citation ${label} clamped: start is below 0.` });
      start = 0;
    }
    if (end > length) {
      if (options.streaming) cutAtEnd += 1;
      else {
        report({ key, action: "clamped", reason: "end-beyond-text", message: `Citation ${label} clamped: it ends after the end of the text (${length}).` });
      }
      end = length;
    }
    const identity = `${annotation.start_index}:${annotation.end_index}:${annotation.url ?? ""}`;
    if (seen.has(identity)) {
      report({ key, action: "dropped", reason: "duplicate", message: `Citation ${label} dropped: it repeats an earlier one.` });
      return;
    }
    seen.add(identity);
    const cached = options.memo?.get(annotation);
    if (cached) {
      spans.push({ key, annotation, start: cached[0], end: cached[1] });
      return;
    }
    const converted = [toStringIndex(index, start, unit), toStringIndex(index, end, unit)] as const;
    // Only a span wholly inside the text is final; a clamped one moves as the text grows.
    if (options.memo && start === annotation.start_index && end === annotation.end_index) options.memo.set(annotation, converted);
    spans.push({ key, annotation, start: converted[0], end: converted[1] });
  });

  return { spans, issues, pending, cutAtEnd };
}
