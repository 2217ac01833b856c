/**
 * The one replacement that turns `before` into `after`: the text between their common start and common end.
 * Null when they are equal. Linear in the texts' length, so an editor can show a changed document by editing
 * the few characters that changed rather than replacing it all.
 */
export function textChange(before: string, after: string): { from: number; to: number; insert: string } | null {
  if (before === after) return null;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  // The common end may not reach into the common start (e.g. "aa" -> "aaa").
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
