/** The detail's keys (the neighbours themselves come from the API). j = next, k = previous, unless the user is typing or holding a modifier. */
export function navigationStep(event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "target">): 1 | -1 | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as { tagName?: string; isContentEditable?: boolean } | null;
  if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName ?? ""))) return null;
  if (event.key === "j") return 1;
  if (event.key === "k") return -1;
  return null;
}
