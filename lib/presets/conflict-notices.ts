/** What the editor says after the user settled a save conflict. */

/** "Take theirs": the edit now starts from their version and the user's changes are gone. */
export function tookTheirsNotice(theirVersion: number): string {
  return `Now editing version ${theirVersion}; your changes were discarded.`;
}

/** "Re-apply mine": the user's changes sit on top of their version; `overridden` lists where mine replaced theirs. */
export function reappliedNotice(theirVersion: number, overridden: readonly string[]): string {
  return (
    `Your changes are re-applied on top of version ${theirVersion}. ` +
    (overridden.length > 0 ? `Your values replaced theirs in: ${overridden.join(", ")}. ` : "") +
    "Review and save when ready."
  );
}
