import type { SearchHit } from "../search/web-search";
import type { EmbeddedModel } from "./models";
import { codePointLength } from "./tokens";

export interface Citation {
  type: "url_citation";
  url: string;
  title: string;
  /** Code-point offsets into the answer text; end exclusive. */
  start_index: number;
  end_index: number;
  content: string;
}

export interface ComposedAnswer {
  text: string;
  annotations: Citation[];
}

import { occursAtWordStart } from "../search/literal-match";
import { searchQueryOf } from "../search/search-query";
import { STOPWORDS } from "../search/stopwords";
import { boldTerms, codeLanguage, escapeMarkdown } from "./markdown";
import { closerGrouped, openerGrouped, openerShort, PLAIN_VARIATION, type AnswerVariation } from "./variation";

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

interface Sentence {
  text: string;
  /** UTF-16 offset of the sentence in the document text. */
  at: number;
}

function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    const lead = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (trimmed) out.push({ text: trimmed, at: index + lead });
  }
  return out;
}

/** The distinct words of the searched part of the query (search-query.ts), so their number is bounded. */
function queryTerms(query: string): string[] {
  const words = searchQueryOf(query).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => (w.length > 1 || /\P{ASCII}/u.test(w)) && !STOPWORDS.has(w)))];
}

function excerpt(doc: SearchHit, sentence: Sentence, chars: number): string {
  const end = Math.min(doc.text.length, sentence.at + Math.max(sentence.text.length, chars));
  const cut = doc.text.slice(sentence.at, end);
  const lastStop = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  const text = end < doc.text.length && lastStop >= sentence.text.length - 1 ? cut.slice(0, lastStop + 1) : cut;
  return text.replace(/\s+/g, " ").trim();
}

/** A sentence written as Markdown; [from, to) (UTF-16) is the sentence itself, cited. */
interface Quote {
  markdown: string;
  from: number;
  to: number;
}

/**
 * A sentence as Markdown prose: escaped, with the query's terms in bold. The citation starts at
 * the sentence's first character and ends after its last, so bold markers opening or closing the
 * whole sentence stay outside it while those inside are part of the quoted text's source.
 */
function proseQuote(text: string, terms: readonly string[]): Quote {
  const markdown = boldTerms(escapeMarkdown(text), terms);
  return { markdown, from: markdown.startsWith("**") ? 2 : 0, to: markdown.endsWith("**") ? markdown.length - 2 : markdown.length };
}

/** Code quoted inline, between backticks (when it holds none). */
function inlineQuote(text: string): Quote {
  if (codeLanguage(text) === null || text.includes("`")) return proseQuote(text, []);
  return { markdown: `\`${text}\``, from: 1, to: 1 + text.length };
}

/** Builds the answer text while tracking its length in code points, so every citation's span is exact. */
class AnswerBuilder {
  private parts: string[] = [];
  private length = 0;
  readonly annotations: Citation[] = [];

  constructor(private readonly contentChars: number) {}

  plain(text: string) {
    this.parts.push(text);
    this.length += codePointLength(text);
  }

  cited(sentence: Sentence, doc: SearchHit) {
    this.citedIn({ markdown: sentence.text, from: 0, to: sentence.text.length }, sentence, doc);
  }

  /** Writes a quote's Markdown, citing only the part of it that is the sentence (not the syntax around it). */
  citedIn(quote: Quote, sentence: Sentence, doc: SearchHit) {
    const start = this.length + codePointLength(quote.markdown.slice(0, quote.from));
    const end = this.length + codePointLength(quote.markdown.slice(0, quote.to));
    this.plain(quote.markdown);
    this.annotations.push({ type: "url_citation", url: doc.url, title: doc.title, start_index: start, end_index: end, content: excerpt(doc, sentence, this.contentChars) });
  }

  build(): ComposedAnswer {
    return { text: this.parts.join(""), annotations: this.annotations };
  }
}

function usable(sentence: Sentence) {
  const n = codePointLength(sentence.text);
  return n >= 20 && n <= 400 && /\p{L}{2}/u.test(sentence.text);
}

/**
 * Picks sentences that mention the query's terms: the best one of each source first, then the best
 * of the rest (at most `perSource` of one source). The variation's noise (its temperature) moves each
 * sentence's score by a deterministic draw, so a warmer request quotes other sentences and sources.
 */
function selectSentences(hits: readonly SearchHit[], terms: readonly string[], max: number, variation: AnswerVariation, perSource = Infinity) {
  const candidates = hits.flatMap((doc, rank) =>
    splitSentences(doc.text)
      .filter(usable)
      .map((sentence, position) => {
        const lower = sentence.text.toLowerCase();
        const matched = terms.filter((t) => occursAtWordStart(lower, t)).length;
        const jitter = variation.noise === 0 ? 0 : (variation.draw(doc.url, position) - 0.5) * variation.noise;
        return { doc, rank, position, sentence, matched, score: matched * 10 - position * 0.5 - rank * 0.25 + jitter };
      }),
  );
  const relevant = candidates.filter((c) => c.matched > 0);
  const chosen = new Set<(typeof candidates)[number]>();
  for (let rank = 0; rank < hits.length && chosen.size < max; rank++) {
    const best = relevant.filter((c) => c.rank === rank).sort((a, b) => b.score - a.score)[0];
    if (best) chosen.add(best);
  }
  const perDoc = new Map<string, number>();
  for (const pick of chosen) perDoc.set(pick.doc.url, 1);
  for (const candidate of [...relevant].sort((a, b) => b.score - a.score)) {
    if (chosen.size >= max) break;
    if (chosen.has(candidate) || (perDoc.get(candidate.doc.url) ?? 0) >= perSource) continue;
    chosen.add(candidate);
    perDoc.set(candidate.doc.url, (perDoc.get(candidate.doc.url) ?? 0) + 1);
  }
  // No sentence mentions the question's words: nothing is quoted rather than noise.
  return [...chosen].sort((a, b) => a.rank - b.rank || a.position - b.position);
}

/** Scholar's answer: a heading per source, its sentences as bullets (code as a fenced block). */
function writeGrouped(out: AnswerBuilder, selected: ReturnType<typeof selectSentences>, terms: readonly string[], quoted: string, variation: AnswerVariation) {
  const sources = new Set(selected.map((pick) => pick.doc.url)).size;
  out.plain(openerGrouped(variation.wording, quoted, sources));
  let previous: SearchHit | null = null;
  let inList = false;
  for (const pick of selected) {
    if (pick.doc !== previous) {
      out.plain(`${previous === null ? "\n\n" : "\n"}### ${escapeMarkdown(pick.doc.title)}\n`);
      inList = false;
    }
    const language = codeLanguage(pick.sentence.text);
    if (language && !pick.sentence.text.includes("```") && !pick.sentence.text.includes("\n")) {
      out.plain(`\n\`\`\`${language}\n`);
      out.cited(pick.sentence, pick.doc);
      out.plain("\n```\n");
      inList = false;
    } else {
      // A list that a code block interrupted starts again after a blank line.
      out.plain(inList ? "- " : "\n- ");
      out.citedIn(proseQuote(pick.sentence.text, terms), pick.sentence, pick.doc);
      out.plain("\n");
      inList = true;
    }
    previous = pick.doc;
  }
  out.plain(`\n${closerGrouped(variation.wording)}`);
  if (variation.compareSources) out.plain(compareNote(selected));
}

/** For instructions that ask where sources disagree: which sites were weighed against each other. */
function compareNote(selected: ReturnType<typeof selectSentences>): string {
  const hosts = [...new Set(selected.map((pick) => new URL(pick.doc.url).hostname))];
  if (hosts.length < 2) return `\n\nOnly one site (${escapeMarkdown(hosts[0] ?? "none")}) spoke to this, so there is nothing to compare it with.`;
  return `\n\nI compared ${hosts.length} sites (${hosts.map(escapeMarkdown).join(", ")}); where they differ, each is quoted in its own words above.`;
}

export function composeAnswer(input: { model: EmbeddedModel; query: string; hits: readonly SearchHit[] | null; variation?: AnswerVariation }): ComposedAnswer {
  const { model, query, hits, variation = PLAIN_VARIATION } = input;
  const out = new AnswerBuilder(variation.contentChars);
  // The question is user input: shown as written, never as Markdown.
  const quoted = escapeMarkdown(query.length > 120 ? `${query.slice(0, 117)}…` : query).replace(/\s+/g, " ");

  if (hits === null) {
    if (model.style === "echo") {
      out.plain(query === "" ? "(empty input)" : query);
    } else {
      out.plain(`You asked: “${quoted}”. Web search is off for this request, so there are no sources to quote. `);
      out.plain("Turn on web search (the web plugin, the openrouter:web_search tool, or a model id ending in :online) for an answer with citations.");
      if (model.max_sentences > 3) out.plain("\n\nI answer only from sources I can cite, which is why I will not guess here.");
    }
    return out.build();
  }

  if (hits.length === 0) {
    out.plain(`I searched the web for “${quoted}” but found no relevant sources, so there is nothing to quote.`);
    return out.build();
  }

  if (model.style === "echo") {
    out.plain(`Results for “${quoted}”:\n`);
    hits.forEach((doc, i) => {
      const first = splitSentences(doc.text).find(usable);
      if (!first) return;
      out.plain(`\n${i + 1}. `);
      out.cited(first, doc);
    });
    return out.build();
  }

  const terms = queryTerms(query);
  const extra = variation.contextSize === "high" ? 2 : 0;
  const sentences = Math.min(12, Math.max(1, Math.round(model.max_sentences * variation.sentenceFactor) + variation.sentenceDelta + extra));
  const selected = selectSentences(hits, terms, sentences, variation, variation.contextSize === "low" ? 1 : Infinity);
  if (selected.length === 0) {
    out.plain(`I searched the web for “${quoted}”, but none of the ${hits.length} ${hits.length === 1 ? "page" : "pages"} found says anything about it, so there is nothing to quote.`);
    return out.build();
  }
  if (model.max_sentences <= 3) {
    out.plain(variation.bullets ? openerShort(variation.wording).trimEnd() : openerShort(variation.wording));
    selected.forEach((pick, i) => {
      if (variation.bullets) out.plain(i === 0 ? "\n\n- " : "\n- ");
      else if (i > 0) out.plain(" ");
      out.citedIn(variation.bullets ? proseQuote(pick.sentence.text, []) : inlineQuote(pick.sentence.text), pick.sentence, pick.doc);
    });
    return out.build();
  }
  writeGrouped(out, selected, terms, quoted, variation);
  return out.build();
}
