/**
 * Next and previous question over the rows as the table shows them (filtered and sorted), for the detail's
 * j/k keys and buttons. Pure.
 */
export function neighbourQuestion(order: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (order.length === 0) return null;
  if (current === null) return step === 1 ? order[0] : order[order.length - 1];
  const at = order.indexOf(current);
  // The open question is not in the view (a filter hid it): start from the view's edge.
  if (at < 0) return step === 1 ? order[0] : order[order.length - 1];
  const next = at + step;
  return next >= 0 && next < order.length ? order[next] : null;
}

/** Keys that mean next/previous question, unless the user is typing or holding a modifier. */
export function navigationStep(event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "target">): 1 | -1 | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName ?? ""))) return null;
  if (event.key === "j") return 1;
  if (event.key === "k") return -1;
  return null;
}
