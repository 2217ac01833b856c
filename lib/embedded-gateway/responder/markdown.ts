/*
 * Markdown for the answers the embedded models write. Quoted text comes from web pages and the
 * question from the user: every character that Markdown could read as syntax is escaped, so the
 * answer renders as the words quoted, and a citation covering a quote covers exactly its text.
 */

/** Characters that can open or close inline syntax anywhere in a line. */
const INLINE_SYNTAX = /[\\`*_[\]<>~|&]/g;
/** A line start that would begin a block (heading, list item, quote, setext underline, break). */
const BLOCK_START = /^([#>+=-]|\d{1,9}(?=[.)]))/;

export function escapeMarkdown(text: string): string {
  return text.replace(INLINE_SYNTAX, "\\$&").replace(BLOCK_START, (match) => (/^\d/.test(match) ? `${match}\\` : `\\${match}`));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Wraps whole-word occurrences of the query's terms in `**`, on already escaped text. Only terms of
 * letters and digits in the Latin range: around CJK or emoji the emphasis rules of CommonMark would
 * leave the asterisks visible.
 */
export function boldTerms(escaped: string, terms: readonly string[]): string {
  const words = terms.filter((term) => /^[a-z0-9]{3,}$/i.test(term));
  if (words.length === 0) return escaped;
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}\\\\])(${words.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}])`, "giu");
  // Neighbouring terms make one bold phrase ("**green tea**", "**write-ahead**").
  return escaped.replace(pattern, "**$1**").replace(/\*\*([ -])\*\*/g, "$1");
}

const CODE_START = /^(PRAGMA|SELECT|INSERT|UPDATE|DELETE|CREATE|ALTER|const|let|var|import|export|function|await|npm|npx|pnpm|yarn|curl|git)\b/;

/** The language of a source sentence that is code (a statement, a command), or null for prose. */
export function codeLanguage(sentence: string): string | null {
  const match = CODE_START.exec(sentence);
  if (!match || !/[;=(){}]|--/.test(sentence) || /[.!?]\s/.test(sentence)) return null;
  if (/^[A-Z]+$/.test(match[1])) return "sql";
  if (/^(npm|npx|pnpm|yarn|curl|git)$/.test(match[1])) return "bash";
  return "javascript";
}
