import type { VersionColumn } from "./url-state";

/**
 * Widths (px) of the table's columns: one question column, then per version a group of these. Sized so three
 * versions fit 1280 px without scrolling sideways (224 + 3 × 328), and on a phone the
 * question column narrows so the first verdict is on screen.
 */
export const QUESTION_WIDTH = 224;
export const QUESTION_WIDTH_NARROW = 132;
export const VERSION_GROUP: readonly { column: VersionColumn; label: string; width: number }[] = [
  { column: "verdict", label: "Verdict", width: 84 },
  { column: "cost", label: "Cost", width: 64 },
  { column: "latency", label: "Latency", width: 64 },
  { column: "citations", label: "Cites", width: 48 },
  { column: "changed", label: "Sources", width: 68 },
];
export const GROUP_WIDTH = VERSION_GROUP.reduce((sum, c) => sum + c.width, 0);

export function gridTemplate(versions: number, questionWidth = QUESTION_WIDTH): string {
  const group = VERSION_GROUP.map((c) => `${c.width}px`).join(" ");
  return `${questionWidth}px${` ${group}`.repeat(versions)}`;
}

export function tableWidth(versions: number, questionWidth = QUESTION_WIDTH): number {
  return questionWidth + GROUP_WIDTH * versions;
}
