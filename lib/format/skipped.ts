/**
 * The note shown under a catalog whose list left out entries the contract could not read:
 * "1 model could not be read and is not shown". Null when nothing was left out.
 */
export function skippedNote(count: number | undefined, noun: string): string | null {
  if (!count || count <= 0) return null;
  return count === 1 ? `1 ${noun} could not be read and is not shown` : `${count} ${noun}s could not be read and are not shown`;
}
