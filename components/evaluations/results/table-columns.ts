import type { VersionColumn } from "./url-state";

/** Widths (px) of the table's columns: one question column, then per version a group of these. */
export const QUESTION_WIDTH = 320;
export const VERSION_GROUP: readonly { column: VersionColumn; label: string; width: number }[] = [
  { column: "verdict", label: "Verdict", width: 92 },
  { column: "cost", label: "Cost", width: 84 },
  { column: "latency", label: "Latency", width: 80 },
  { column: "citations", label: "Cites", width: 60 },
  { column: "changed", label: "Sources", width: 76 },
];
export const GROUP_WIDTH = VERSION_GROUP.reduce((sum, c) => sum + c.width, 0);

export function gridTemplate(versions: number): string {
  const group = VERSION_GROUP.map((c) => `${c.width}px`).join(" ");
  return `${QUESTION_WIDTH}px${` ${group}`.repeat(versions)}`;
}

export function tableWidth(versions: number): number {
  return QUESTION_WIDTH + GROUP_WIDTH * versions;
}
