/** The letter of the column at `index` in a comparison: A, B, C, D. */
export function columnLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** What the columns are called: "Column A", "Column B"… in a comparison, "Request" when there is one. */
export function columnNames(count: number, compare: boolean): string[] {
  return Array.from({ length: count }, (_, index) => (compare ? `Column ${columnLetter(index)}` : "Request"));
}

/** The columns' grid: one column alone, up to two, three or four side by side as the screen allows. */
export function columnGridClass(count: number, compare: boolean): string {
  if (!compare) return "";
  return `grid gap-4 ${count === 2 ? "md:grid-cols-2" : count === 3 ? "md:grid-cols-2 xl:grid-cols-3" : "md:grid-cols-2 2xl:grid-cols-4"}`;
}
