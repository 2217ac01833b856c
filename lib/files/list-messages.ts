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
