/**
 * The real gateway types an upload by its bytes, not by its name or declared type, and accepts
 * PDF, PNG/JPEG/GIF/WebP, DOCX/XLSX/PPTX, MP3/WAV/FLAC/OGG and UTF-8 text (reported by structure
 * as JSON, NDJSON, CSV, Markdown or plain text). Returns null for anything else.
 */
export function sniffMime(bytes: Uint8Array): string | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (ascii(0, 5) === "%PDF-") return "application/pdf";
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "audio/wav";
  if (ascii(0, 4) === "fLaC") return "audio/flac";
  if (ascii(0, 4) === "OggS") return "audio/ogg";
  if (ascii(0, 3) === "ID3" || (bytes[0] === 0xff && bytes.length > 1 && (bytes[1] & 0xe0) === 0xe0)) return "audio/mpeg";
  if (ascii(0, 4) === "PK\x03\x04") {
    const names = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 4 * 1024 * 1024))).toString("latin1");
    if (names.includes("word/")) return "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    if (names.includes("xl/")) return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    if (names.includes("ppt/")) return "application/vnd.openxmlformats-officedocument.presentationml.presentation";
    return null;
  }
  return sniffText(bytes);
}

function sniffText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return "application/json";
    } catch {
      // maybe one JSON value per line
    }
  }
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  if (lines.length >= 2 && lines.every((line) => isJsonObjectLine(line))) return "application/x-ndjson";
  if (/^(#{1,6} |```|> |[-*] \[[ x]\] )/m.test(text) || /\[[^\]]+\]\([^)]+\)/.test(text) || /^\s*(#{1,6}) \S/.test(text)) return "text/markdown";
  if (lines.length >= 2) {
    const commas = lines.slice(0, 20).map((line) => (line.match(/,/g) ?? []).length);
    if (commas[0] > 0 && commas.every((n) => n === commas[0])) return "text/csv";
  }
  return "text/plain";
}

function isJsonObjectLine(line: string): boolean {
  const t = line.trim();
  if (!t.startsWith("{")) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
