import { randomUUID } from "node:crypto";
import { open, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { HttpError, PAYLOAD_TOO_LARGE } from "./http-error";
import { multipartBoundary, MultipartError, readMultipart, type PartSink } from "./multipart-stream";
import { MimeSniffer } from "./sniff-mime";

export interface ReceivedUpload {
  /** The received bytes in the upload temp folder; the caller stores them and removes the file. */
  tmpPath: string;
  /** As the client sent it; the caller cleans it. Never used to build a path. */
  filename: string;
  mimeType: string;
  size: number;
}

export interface UploadLimits {
  tmpDir: string;
  maxFileBytes: number;
  /** The whole multipart body: the file plus framing and any other fields. */
  maxBodyBytes: number;
}

const UNSUPPORTED = "must be a PDF, a PNG/JPEG/GIF/WebP image, a DOCX/XLSX/PPTX document, an MP3/WAV/FLAC/OGG audio file, or UTF-8 text";

/**
 * Receives the `file` part of a multipart upload into a temp file while counting and typing its
 * bytes, so memory stays at a chunk or two whatever the file's size. Past a limit it stops reading
 * and answers 413; on any failure the partial file is removed.
 *
 * `source` is the body as it arrives. Under @hono/node-server the route passes the Node request
 * itself: the Web stream the adapter builds from it (Readable.toWeb on Node 20) queues up to
 * 16384 chunks, i.e. the whole upload, whenever the disk is slower than the network.
 */
export async function receiveUpload(request: Request, source: AsyncIterable<Uint8Array> | null, limits: UploadLimits): Promise<ReceivedUpload> {
  const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
  if (!boundary) throw HttpError.field("body", "must be multipart/form-data with the file in a field named file");
  const tooLarge = () => new HttpError(413, PAYLOAD_TOO_LARGE, { limit_bytes: limits.maxFileBytes });
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limits.maxBodyBytes) throw tooLarge();
  if (!source) throw HttpError.field("file", "is required (a file part named file)");
  const body = countBytes(source, limits.maxBodyBytes, tooLarge);

  const tmpPath = path.join(limits.tmpDir, `${randomUUID()}.part`);
  let handle: FileHandle | null = null;
  let filename: string | null = null;
  let size = 0;
  const sniffer = new MimeSniffer();
  const fileSink: PartSink = {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > limits.maxFileBytes) throw tooLarge();
      sniffer.update(chunk);
      handle ??= await open(tmpPath, "wx", 0o600);
      await handle.write(chunk);
    },
    end() {},
  };

  let received = false;
  try {
    await readMultipart(body, boundary, (part) => {
      // Like FormData.get("file"): the first part named file that carries a file name.
      if (part.name !== "file" || part.filename === null || filename !== null) return null;
      filename = part.filename;
      return fileSink;
    });
    if (filename === null) throw HttpError.field("file", "is required (a file part named file)");
    if (size === 0) throw HttpError.field("file", "must not be empty");
    const mimeType = sniffer.result();
    if (!mimeType) throw HttpError.field("file", UNSUPPORTED);
    received = true;
    return { tmpPath, filename, mimeType, size };
  } catch (error) {
    if (error instanceof MultipartError) throw HttpError.field("body", `is not a valid multipart/form-data body (${error.message})`);
    // The client hung up mid-upload: nobody reads this answer, and it is no gateway fault to log.
    if ((error as NodeJS.ErrnoException).code === "ECONNRESET") throw HttpError.field("body", "ended before the upload was complete");
    throw error;
  } finally {
    await (handle as FileHandle | null)?.close();
    if (!received) await unlink(tmpPath).catch(() => undefined);
  }
}

/** Passes chunks through and throws once more than `max` bytes have come (leaving the for-await closes the source). */
async function* countBytes(source: AsyncIterable<Uint8Array>, max: number, tooLarge: () => Error): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > max) throw tooLarge();
    yield chunk;
  }
}

/** A Web stream as an async iterable (the DOM typings do not declare ReadableStream iterable). */
export async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
