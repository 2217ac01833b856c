import { createRng, hashString } from "./random";

const CHUNK = 64 * 1024;

const MAGIC: Record<string, string> = {
  "application/pdf": "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n",
  "image/png": "\x89PNG\r\n\x1a\n",
  "image/jpeg": "\xff\xd8\xff\xe0\x00\x10JFIF\x00",
  "image/gif": "GIF89a",
  "image/webp": "RIFF\x00\x00\x00\x00WEBPVP8 ",
  "audio/mpeg": "ID3\x04\x00\x00\x00\x00\x00\x00",
  "audio/wav": "RIFF\x00\x00\x00\x00WAVEfmt ",
  "audio/flac": "fLaC",
  "audio/ogg": "OggS\x00\x02",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "PK\x03\x04",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "PK\x03\x04",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PK\x03\x04",
};

const WORDS = "gateway preset version file stream citation model token workspace latency cursor page answer source search index query result dashboard report quarterly revenue forecast customer ticket résumé naïve café 東京 数据 😀".split(" ");

function isText(mime: string) {
  return mime.startsWith("text/") || mime === "application/json" || mime === "application/x-ndjson";
}

function textLine(mime: string, rng: ReturnType<typeof createRng>, n: number): string {
  const words = Array.from({ length: rng.int(4, 12) }, () => rng.pick(WORDS));
  switch (mime) {
    case "text/csv":
      return n === 0 ? "id,date,name,amount,notes\n" : `${n},2025-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")},${rng.pick(WORDS)},${rng.int(1, 99999) / 100},"${words.join(" ")}"\n`;
    case "application/x-ndjson":
      return `${JSON.stringify({ id: n, event: rng.pick(WORDS), text: words.join(" ") })}\n`;
    case "application/json":
      return n === 0 ? '{"items":[\n' : `${JSON.stringify({ id: n, text: words.join(" ") })},\n`;
    case "text/markdown":
      return n % 12 === 0 ? `\n## ${words.slice(0, 3).join(" ")}\n\n` : `${words.join(" ")}.\n`;
    default:
      return `${words.join(" ")}.\n`;
  }
}

/**
 * Deterministic stand-in bytes for a seeded file: the same id always yields the same bytes, of
 * exactly `size` bytes, generated as the client reads (nothing is held in memory or on disk).
 * Binary types start with their real magic number so sniffers and viewers recognise them.
 */
export function syntheticContent(id: string, mime: string, size: number): ReadableStream<Uint8Array> {
  const rng = createRng(hashString(id));
  let produced = 0;
  let carry = Buffer.alloc(0);
  let line = 0;
  const text = isText(mime);
  const magic = Buffer.from(MAGIC[mime] ?? "", "latin1");
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (produced >= size) {
        controller.close();
        return;
      }
      const want = Math.min(CHUNK, size - produced);
      let chunk: Buffer;
      if (text) {
        const parts: Buffer[] = [carry];
        let have = carry.length;
        while (have < want) {
          const next = Buffer.from(textLine(mime, rng, line++), "utf8");
          parts.push(next);
          have += next.length;
        }
        const joined = Buffer.concat(parts);
        chunk = joined.subarray(0, want);
        carry = joined.subarray(want);
        if (produced + want === size) chunk = padBrokenTail(Buffer.from(chunk));
      } else {
        chunk = Buffer.allocUnsafe(want);
        const words = Math.ceil(want / 4);
        for (let i = 0; i < words; i++) {
          const value = (rng.next() * 4294967296) >>> 0;
          const at = i * 4;
          if (at + 4 <= want) chunk.writeUInt32LE(value, at);
          else for (let b = 0; at + b < want; b++) chunk[at + b] = (value >>> (8 * b)) & 0xff;
        }
        if (produced === 0) magic.copy(chunk, 0, 0, Math.min(magic.length, want));
      }
      produced += chunk.length;
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
  });
}

/** The size cut can land inside a multi-byte character; a text file must still end as valid UTF-8. */
function padBrokenTail(buf: Buffer): Buffer {
  let start = buf.length - 1;
  while (start >= 0 && start > buf.length - 4 && (buf[start] & 0xc0) === 0x80) start--;
  if (start < 0) return buf;
  const lead = buf[start];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (buf.length - start < need) buf.fill(0x0a, start);
  return buf;
}
