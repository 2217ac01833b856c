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

/**
 * Wraps whole-word occurrences of the query's terms in `**`, on already escaped text. Only terms of
 * letters and digits in the Latin range: around CJK or emoji the emphasis rules of CommonMark would
 * leave the asterisks visible. Each word of the text is looked up in a set of the terms (no regex
 * is built from them), so the cost is linear in the text whatever the terms.
 */
export function boldTerms(escaped: string, terms: readonly string[]): string {
  const words = new Set(terms.filter((term) => /^[a-z0-9]{3,}$/i.test(term)).map((term) => term.toLowerCase()));
  if (words.size === 0) return escaped;
  // A word right after a backslash is part of an escape the text spelled out ("\\name"): left alone.
  const bolded = escaped.replace(/[\p{L}\p{N}]+/gu, (word, at: number) => (words.has(word.toLowerCase()) && escaped[at - 1] !== "\\" ? `**${word}**` : word));
  // Neighbouring terms make one bold phrase ("**green tea**", "**write-ahead**").
  return bolded.replace(/\*\*([ -])\*\*/g, "$1");
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
