export type QuestionFileFormat = "csv" | "jsonl";

/** The format a question file's name implies (.csv, .jsonl or .ndjson, in any case), or null. */
export function formatFromFileName(name: string): QuestionFileFormat | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  return null;
}
