/** What deleting files says, in a module of its own: the file browser loads it with its delete dialog. */
import { formatCount } from "@/lib/format/count";

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
