/** The columns of a set's rows, editable or read only. */
export const ROW_COLUMNS = [
  { label: "#", className: "w-10 text-right" },
  "Question",
  "Notes / expected facts",
  "Tags",
  "Allowed domains",
  { label: "Time-sensitive", className: "text-center" },
] as const;
