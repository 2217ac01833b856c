import {
  AnnotationSchema,
  AnyStreamEventSchema,
  STREAM_DONE_SENTINEL,
  TERMINAL_STREAM_EVENT_TYPES,
  describeZodError,
  type AnyStreamEvent,
} from "@/lib/contract/gateway";

export type ParsedData =
  | { kind: "done" }
  | { kind: "event"; event: AnyStreamEvent; warnings: string[] }
  | { kind: "skip"; warnings: string[] };

/**
 * Drops, anywhere in a value, the entries of `annotations` arrays that break the annotation
 * schema (inverted or negative offsets...). One bad citation must not cost the whole event, least
 * of all response.completed, which carries the status and the usage.
 */
function dropInvalidAnnotations(value: unknown, warnings: string[]): unknown {
  if (Array.isArray(value)) return value.map((entry) => dropInvalidAnnotations(entry, warnings));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (key === "annotations" && Array.isArray(entry)) {
      out[key] = entry.filter((annotation) => {
        const result = AnnotationSchema.safeParse(annotation);
        if (!result.success) warnings.push(`Dropped an invalid annotation (${describeZodError(result.error).map((issue) => issue.message).join("; ")}): ${JSON.stringify(annotation)}`);
        return result.success;
      });
    } else {
      out[key] = dropInvalidAnnotations(entry, warnings);
    }
  }
  return out;
}

const TERMINAL = new Set<string>(TERMINAL_STREAM_EVENT_TYPES);

/** Parses the data of one server-sent event of POST /responses. Never throws. */
export function parseStreamData(data: string): ParsedData {
  if (data.trim() === STREAM_DONE_SENTINEL) return { kind: "done" };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { kind: "skip", warnings: [`Skipped a stream line that is not JSON: ${data.slice(0, 120)}`] };
  }
  const first = AnyStreamEventSchema.safeParse(json);
  if (first.success) return { kind: "event", event: first.data, warnings: [] };

  const warnings: string[] = [];
  const repaired = AnyStreamEventSchema.safeParse(dropInvalidAnnotations(json, warnings));
  if (repaired.success) return { kind: "event", event: repaired.data, warnings };

  const type = json !== null && typeof json === "object" && typeof (json as { type?: unknown }).type === "string" ? (json as { type: string }).type : "unknown";
  const detail = describeZodError(repaired.error)
    .map((issue) => issue.message)
    .join("; ");
  const sequence = (json as { sequence_number?: unknown } | null)?.sequence_number;
  if (TERMINAL.has(type)) {
    // The run must still end, and say why, rather than wait for an event that already came.
    return {
      kind: "event",
      event: {
        type: "error",
        sequence_number: typeof sequence === "number" && sequence >= 0 ? Math.floor(sequence) : 0,
        code: "invalid_event",
        message: `The gateway sent a ${type} event that does not match the contract (${detail}).`,
      },
      warnings: [...warnings, `Invalid ${type} event: ${detail}`],
    };
  }
  return { kind: "skip", warnings: [...warnings, `Skipped an invalid ${type} event: ${detail}`] };
}
