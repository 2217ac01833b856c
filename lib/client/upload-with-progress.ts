import { ApiError } from "@/lib/client/api-client";

/**
 * Multipart upload with progress events. fetch() cannot report upload progress, so this is the one place in the
 * app that uses XMLHttpRequest; it returns the parsed JSON body and turns failures into the same ApiError the
 * rest of the client handles.
 */
export interface UploadOptions {
  url: string;
  file: File;
  /** Multipart field name; the BFF reads "file". */
  field?: string;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
}

export function uploadWithProgress({ url, file, field = "file", onProgress, signal }: UploadOptions): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    xhr.onload = () => {
      done();
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body);
        return;
      }
      reject(toError(xhr, body));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, "Cannot reach Gatehouse. Check your connection and try again."));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException("Upload cancelled", "AbortError"));
    };
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function toError(xhr: XMLHttpRequest, body: unknown): ApiError {
  const error = (body as { error?: { message?: unknown; metadata?: unknown } } | null)?.error;
  const message = typeof error?.message === "string" ? error.message : xhr.statusText || `Upload failed with status ${xhr.status}`;
  const metadata = error?.metadata && typeof error.metadata === "object" ? (error.metadata as Record<string, unknown>) : null;
  const retryAfter = Number(xhr.getResponseHeader("retry-after"));
  return new ApiError(xhr.status, message, metadata, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}
