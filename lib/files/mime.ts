/** The icon family a file is drawn with. */
export type FileKind = "pdf" | "image" | "audio" | "video" | "document" | "spreadsheet" | "presentation" | "data" | "text" | "archive" | "other";

export interface MimeDescription {
  kind: FileKind;
  /** Short human label for the type column: "PDF", "PNG image", "Word document". */
  label: string;
}

const EXACT: Record<string, MimeDescription> = {
  "application/pdf": { kind: "pdf", label: "PDF" },
  "application/json": { kind: "data", label: "JSON" },
  "application/x-ndjson": { kind: "data", label: "NDJSON" },
  "application/jsonl": { kind: "data", label: "JSON Lines" },
  "application/xml": { kind: "data", label: "XML" },
  "text/xml": { kind: "data", label: "XML" },
  "application/yaml": { kind: "data", label: "YAML" },
  "text/csv": { kind: "spreadsheet", label: "CSV" },
  "text/tab-separated-values": { kind: "spreadsheet", label: "TSV" },
  "text/markdown": { kind: "text", label: "Markdown" },
  "text/plain": { kind: "text", label: "Plain text" },
  "text/html": { kind: "text", label: "HTML" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { kind: "document", label: "Word document" },
  "application/msword": { kind: "document", label: "Word document" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { kind: "spreadsheet", label: "Excel workbook" },
  "application/vnd.ms-excel": { kind: "spreadsheet", label: "Excel workbook" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { kind: "presentation", label: "PowerPoint deck" },
  "application/vnd.ms-powerpoint": { kind: "presentation", label: "PowerPoint deck" },
  "application/zip": { kind: "archive", label: "ZIP archive" },
  "application/gzip": { kind: "archive", label: "Gzip archive" },
  "application/x-tar": { kind: "archive", label: "TAR archive" },
  "application/octet-stream": { kind: "other", label: "Binary" },
};

const FAMILY: Record<string, { kind: FileKind; noun: string }> = {
  image: { kind: "image", noun: "image" },
  audio: { kind: "audio", noun: "audio" },
  video: { kind: "video", noun: "video" },
  text: { kind: "text", noun: "text" },
};

/** A few subtypes read better under their everyday name ("MP3 audio", not "MPEG audio"). */
const SUBTYPE_NAMES: Record<string, string> = {
  mpeg: "MP3",
  "x-wav": "WAV",
  wave: "WAV",
  "x-flac": "FLAC",
  jpeg: "JPEG",
  "svg+xml": "SVG",
  "x-m4a": "M4A",
  quicktime: "QuickTime",
};

const cache = new Map<string, MimeDescription>();

/**
 * Maps a MIME type to its icon family and a readable label. Parameters (";charset=utf-8") and case are
 * ignored; unknown types keep their own subtype as the label so nothing reads as "Unknown" when the gateway
 * knows better. Cached because the list asks for every visible row on every scroll frame.
 */
export function describeMime(mimeType: string): MimeDescription {
  const cached = cache.get(mimeType);
  if (cached) return cached;
  const description = describeUncached(mimeType);
  if (cache.size < 500) cache.set(mimeType, description);
  return description;
}

function describeUncached(mimeType: string): MimeDescription {
  const essence = mimeType.split(";")[0].trim().toLowerCase();
  const exact = EXACT[essence];
  if (exact) return exact;
  const [family, subtype = ""] = essence.split("/");
  if (!subtype) return { kind: "other", label: mimeType.trim() || "Unknown" };
  if (subtype.endsWith("+json")) return { kind: "data", label: "JSON" };
  if (subtype.endsWith("+xml") && family !== "image") return { kind: "data", label: "XML" };
  const known = FAMILY[family];
  if (known) {
    const name = SUBTYPE_NAMES[subtype] ?? subtype.replace(/^x-/, "").toUpperCase();
    return { kind: known.kind, label: `${name} ${known.noun}` };
  }
  return { kind: "other", label: subtype.replace(/^(x-|vnd\.)/, "") };
}
