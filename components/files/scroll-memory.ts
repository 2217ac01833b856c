/**
 * Where the user was in a list, per workspace and filter, for the back button. sessionStorage (not the query
 * cache) because it is per tab and small; the loaded pages themselves stay in the TanStack Query cache.
 */
const PREFIX = "gatehouse:files:scroll:";

export function scrollMemoryKey(workspace: string, filter: string): string {
  return `${PREFIX}${workspace}:${filter.trim().toLowerCase()}`;
}

export function readScrollOffset(key: string): number {
  try {
    const value = Number(window.sessionStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    // Storage disabled (privacy mode): start at the top.
    return 0;
  }
}

export function writeScrollOffset(key: string, offset: number): void {
  try {
    window.sessionStorage.setItem(key, String(Math.round(offset)));
  } catch {
    // Quota or privacy mode: losing the position is harmless.
  }
}
