/**
 * Where a movement key takes the active row of a list of `rowCount` rows (`current` is -1 when no row
 * is active; a page is `visibleRows` less one). Null for keys that do not move.
 */
export function navigationTarget(key: string, current: number, rowCount: number, visibleRows: number): number | null {
  const from = current < 0 ? 0 : current;
  const page = Math.max(1, visibleRows - 1);
  let target: number;
  switch (key) {
    case "ArrowDown":
      target = current < 0 ? 0 : current + 1;
      break;
    case "ArrowUp":
      target = current < 0 ? 0 : current - 1;
      break;
    case "Home":
      target = 0;
      break;
    case "End":
      target = rowCount - 1;
      break;
    case "PageDown":
      target = from + page;
      break;
    case "PageUp":
      target = from - page;
      break;
    default:
      return null;
  }
  return Math.max(0, Math.min(rowCount - 1, target));
}
