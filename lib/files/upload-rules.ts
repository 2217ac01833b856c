import { formatBytes } from "./format-size";

/** The gateway refuses files over 100 MB (contract: POST /files); refusing before sending saves the upload. */
export const MAX_UPLOAD_BYTES = 100 * 1000 * 1000;

export interface UploadCandidate {
  name: string;
  size: number;
}

/** Why a file cannot be uploaded, in a sentence naming it, or null when it may go. */
export function uploadRefusal(file: UploadCandidate, maxBytes: number = MAX_UPLOAD_BYTES): string | null {
  if (file.size === 0) return `${file.name} is empty; the gateway refuses empty files.`;
  if (file.size > maxBytes) {
    return `${file.name} is ${formatBytes(file.size)}; the largest file the gateway accepts is ${formatBytes(maxBytes)}.`;
  }
  return null;
}
