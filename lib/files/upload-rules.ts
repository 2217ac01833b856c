import { formatByteLimit, formatBytes, formatExactBytes } from "@/lib/format/bytes";

/**
 * The gateway refuses files over 100 MB (contract: POST /files); the embedded gateway and the BFF both read that
 * as 100 × 1024² bytes, the meaning of MB in lib/format/bytes. Refusing before sending saves the upload; a smaller server-side limit still answers 413.
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

function limitLabel(bytes: number): string {
  const limit = formatByteLimit(bytes);
  const exact = formatExactBytes(bytes);
  return limit === exact ? exact : `${limit} (${exact})`;
}

export interface UploadCandidate {
  name: string;
  size: number;
}

/** Why a file cannot be uploaded, in a sentence naming it, or null when it may go. */
export function uploadRefusal(file: UploadCandidate, maxBytes: number = MAX_UPLOAD_BYTES): string | null {
  if (file.size === 0) return `${file.name} is empty; the gateway refuses empty files.`;
  if (file.size > maxBytes) {
    return `${file.name} is ${formatBytes(file.size)} (${formatExactBytes(file.size)}); the largest file the gateway accepts is ${limitLabel(maxBytes)}.`;
  }
  return null;
}
