/**
 * A Markdown fragment as the words a reader sees: emphasis and code markers, link syntax and line-start markers
 * (headings, list bullets, quotes) dropped. For short excerpts of an answer (a cited span) shown as plain text,
 * where `**Cache-Control**` should read as Cache-Control. Linear: fixed patterns, never built from input.
 */
export function markdownToPlain(text: string): string {
  return text
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, "$1")
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?=[^\w*]|$)/g, "$1$2")
    .replace(/`([^`\n]*)`/g, "$1")
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|[-*+][ \t]+|>[ \t]?|\d+[.)][ \t]+)/gm, "")
    .replace(/\*\*|__/g, "");
}
