/**
 * The real gateway types an upload by its bytes, not by its name or declared type, and accepts
 * PDF, PNG/JPEG/GIF/WebP, DOCX/XLSX/PPTX, MP3/WAV/FLAC/OGG and UTF-8 text (reported by structure
 * as JSON, NDJSON, CSV, Markdown or plain text). Returns null for anything else.
 */
export function sniffMime(bytes: Uint8Array): string | null {
  const sniffer = new MimeSniffer();
  sniffer.update(bytes);
  return sniffer.result();
}

/** Office documents are ZIPs; the folder names of their parts tell them apart. */
const ZIP_SCAN_BYTES = 4 * 1024 * 1024;
const ZIP_MARKERS = [
  ["word/", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["xl/", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["ppt/", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
] as const;
/**
 * Text is judged on its structure from the first MiB (the whole of most text files); the UTF-8
 * check and the NUL check cover every byte. A longer JSON document is therefore recognised by how
 * it starts, not parsed whole.
 */
const TEXT_HEAD_BYTES = 1024 * 1024;

/**
 * Types a file fed in chunks as it streams past, keeping at most TEXT_HEAD_BYTES of it, so an
 * upload is typed without holding it in memory.
 */
export class MimeSniffer {
  private readonly head: Uint8Array[] = [];
  private headBytes = 0;
  private total = 0;
  private hasNul = false;
  private utf8Valid = true;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private readonly zipFound = new Set<string>();
  /** The last bytes of the previous chunk, so a ZIP marker split across chunks is still seen. */
  private zipCarry = "";

  update(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    const start = this.total;
    this.total += chunk.byteLength;
    if (this.headBytes < TEXT_HEAD_BYTES) {
      const take = chunk.subarray(0, TEXT_HEAD_BYTES - this.headBytes);
      this.head.push(Uint8Array.from(take));
      this.headBytes += take.byteLength;
    }
    if (!this.hasNul && chunk.includes(0)) this.hasNul = true;
    if (this.utf8Valid && !this.hasNul) {
      try {
        this.decoder.decode(chunk, { stream: true });
      } catch {
        this.utf8Valid = false;
      }
    }
    if (start < ZIP_SCAN_BYTES) {
      const text = this.zipCarry + Buffer.from(chunk.subarray(0, ZIP_SCAN_BYTES - start)).toString("latin1");
      for (const [marker] of ZIP_MARKERS) if (text.includes(marker)) this.zipFound.add(marker);
      this.zipCarry = text.slice(-4);
    }
  }

  result(): string | null {
    const head = this.headBuffer();
    const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
    if (ascii(0, 5) === "%PDF-") return "application/pdf";
    if (head[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
    if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
    if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
    if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "audio/wav";
    if (ascii(0, 4) === "fLaC") return "audio/flac";
    if (ascii(0, 4) === "OggS") return "audio/ogg";
    if (ascii(0, 3) === "ID3" || (head[0] === 0xff && this.total > 1 && (head[1] & 0xe0) === 0xe0)) return "audio/mpeg";
    if (ascii(0, 4) === "PK\x03\x04") return ZIP_MARKERS.find(([marker]) => this.zipFound.has(marker))?.[1] ?? null;
    if (this.hasNul || !this.utf8Valid) return null;
    try {
      this.decoder.decode(); // an incomplete sequence at the very end is not UTF-8 either
    } catch {
      return null;
    }
    return textMime(this.headText(head), this.total <= TEXT_HEAD_BYTES);
  }

  private headBuffer(): Buffer {
    const joined = Buffer.concat(this.head);
    this.head.length = 0;
    this.head.push(joined);
    return joined;
  }

  /** The head as text; a head cut inside a character or a line ends at the last whole line. */
  private headText(head: Buffer): string {
    if (this.total <= TEXT_HEAD_BYTES) return head.toString("utf8");
    const lastNewline = head.lastIndexOf(0x0a);
    return head.subarray(0, lastNewline > 0 ? lastNewline : head.length).toString("utf8");
  }
}

function textMime(text: string, whole: boolean): string {
  const trimmed = text.trim();
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== "");
  const ndjson = lines.length >= 2 && lines.every((line) => isJsonObjectLine(line));
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    if (!whole) return ndjson ? "application/x-ndjson" : "application/json";
    try {
      JSON.parse(trimmed);
      return "application/json";
    } catch {
      // maybe one JSON value per line
    }
  }
  if (ndjson) return "application/x-ndjson";
  if (/^(#{1,6} |```|> |[-*] \[[ x]\] )/m.test(text) || hasMarkdownLink(text) || /^\s*(#{1,6}) \S/.test(text)) return "text/markdown";
  if (lines.length >= 2) {
    const commas = lines.slice(0, 20).map((line) => (line.match(/,/g) ?? []).length);
    if (commas[0] > 0 && commas.every((n) => n === commas[0])) return "text/csv";
  }
  return "text/plain";
}

/**
 * True when the text holds "[label](target)": what /\[[^\]]+\]\([^)]+\)/ tested, in one pass. That
 * regex retried from every "[" to the end of the text, quadratic on an upload of many "[".
 */
export function hasMarkdownLink(text: string): boolean {
  // Index of the first "[" since the last "]" (a label may hold "[" but never "]").
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "[") {
      if (open < 0) open = i;
    } else if (char === "]") {
      if (open >= 0 && open < i - 1 && text[i + 1] === "(") {
        const close = text.indexOf(")", i + 2);
        if (close < 0) return false; // no ")" anywhere later: no later "](" can close either
        if (close > i + 2) return true;
      }
      open = -1;
    }
  }
  return false;
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
