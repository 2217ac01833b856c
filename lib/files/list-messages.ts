import { describeFilterCount } from "./filter";
import { formatCount } from "@/lib/format/count";

/** The file list's status line: a rate-limit wait first, then how many files match or are loaded. */
export function filesStatusText({
  retryIn,
  filtering,
  matches,
  total,
  complete,
}: {
  /** Seconds until the rate-limited request is retried; null when not rate limited. */
  retryIn: number | null;
  filtering: boolean;
  matches: number;
  total: number;
  complete: boolean;
}): string {
  if (retryIn !== null) return `Rate limited; retrying in ${retryIn} s`;
  if (filtering) return describeFilterCount(matches, total, complete);
  return complete ? `${formatCount(total)} files` : `${formatCount(total)} files loaded; more load as you scroll`;
}

/** What a bulk delete announces: null when nothing was deleted. */
export function deletedNotice(files: readonly { filename: string }[], deleted: number, failed: number): string | null {
  if (failed === 0 && files.length === 1) return `Deleted ${files[0].filename}`;
  if (failed === 0 || deleted > 0) return `Deleted ${formatCount(deleted)} files`;
  return null;
}

/** The delete dialog's error for the files that could not be deleted; null when none failed. */
export function deleteErrorText(failed: readonly { file: { filename: string }; message: string }[]): string | null {
  return failed.length > 0 ? `Could not delete ${failed.map((f) => `${f.file.filename} (${f.message})`).join(", ")}.` : null;
}
