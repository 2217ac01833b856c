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

import { STOPWORDS } from "../search/stopwords";

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

interface Sentence {
  text: string;
  /** UTF-16 offset of the sentence in the document text. */
  at: number;
}

export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const { segment, index } of segmenter.segment(text)) {
    const lead = segment.length - segment.trimStart().length;
    const trimmed = segment.trim();
    if (trimmed) out.push({ text: trimmed, at: index + lead });
  }
  return out;
}

export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => (w.length > 1 || /\P{ASCII}/u.test(w)) && !STOPWORDS.has(w)))];
}

function excerpt(doc: SearchHit, sentence: Sentence): string {
  const end = Math.min(doc.text.length, sentence.at + Math.max(sentence.text.length, 300));
  const cut = doc.text.slice(sentence.at, end);
  const lastStop = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"));
  const text = end < doc.text.length && lastStop >= sentence.text.length - 1 ? cut.slice(0, lastStop + 1) : cut;
  return text.replace(/\s+/g, " ").trim();
}

/** Builds the answer text while tracking its length in code points, so every citation's span is exact. */
class AnswerBuilder {
  private parts: string[] = [];
  private length = 0;
  readonly annotations: Citation[] = [];

  plain(text: string) {
    this.parts.push(text);
    this.length += codePointLength(text);
  }

  cited(sentence: Sentence, doc: SearchHit) {
    const start = this.length;
    this.plain(sentence.text);
    this.annotations.push({ type: "url_citation", url: doc.url, title: doc.title, start_index: start, end_index: this.length, content: excerpt(doc, sentence) });
  }

  build(): ComposedAnswer {
    return { text: this.parts.join(""), annotations: this.annotations };
  }
}

function usable(sentence: Sentence) {
  const n = codePointLength(sentence.text);
  return n >= 20 && n <= 400 && /\p{L}{2}/u.test(sentence.text);
}

/** Picks sentences that mention the query's terms: the best one of each source first, then the best of the rest. */
function selectSentences(hits: readonly SearchHit[], terms: readonly string[], max: number) {
  const candidates = hits.flatMap((doc, rank) =>
    splitSentences(doc.text)
      .filter(usable)
      .map((sentence, position) => {
        const lower = sentence.text.toLowerCase();
        const matched = terms.filter((t) => lower.includes(t)).length;
        return { doc, rank, position, sentence, matched, score: matched * 10 - position * 0.5 - rank * 0.25 };
      }),
  );
  const relevant = candidates.filter((c) => c.matched > 0);
  const chosen = new Set<(typeof candidates)[number]>();
  for (let rank = 0; rank < hits.length && chosen.size < max; rank++) {
    const best = relevant.filter((c) => c.rank === rank).sort((a, b) => b.score - a.score)[0];
    if (best) chosen.add(best);
  }
  for (const candidate of [...relevant].sort((a, b) => b.score - a.score)) {
    if (chosen.size >= max) break;
    chosen.add(candidate);
  }
  // The engine matched on something (a title, a fuzzy term): quote the top result's opening.
  if (chosen.size === 0 && candidates.length > 0) chosen.add(candidates.find((c) => c.rank === 0) ?? candidates[0]);
  return [...chosen].sort((a, b) => a.rank - b.rank || a.position - b.position);
}

export function composeAnswer(input: { model: EmbeddedModel; query: string; hits: readonly SearchHit[] | null }): ComposedAnswer {
  const { model, query, hits } = input;
  const out = new AnswerBuilder();
  const quoted = query.length > 120 ? `${query.slice(0, 117)}…` : query;

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
    out.plain(`I searched the web for “${quoted}” but found no matching sources.`);
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

  const selected = selectSentences(hits, queryTerms(query), model.max_sentences);
  if (model.max_sentences <= 3) {
    out.plain("Here is what the sources say. ");
    selected.forEach((pick, i) => {
      if (i > 0) out.plain(" ");
      out.cited(pick.sentence, pick.doc);
    });
    return out.build();
  }

  const sources = new Set(selected.map((pick) => pick.doc.url)).size;
  out.plain(`I searched the web for “${quoted}” and quote ${sources} ${sources === 1 ? "source" : "sources"} below.`);
  let previous: SearchHit | null = null;
  for (const pick of selected) {
    out.plain(pick.doc === previous ? " " : "\n\n");
    out.cited(pick.sentence, pick.doc);
    previous = pick.doc;
  }
  out.plain("\n\nEach sentence above is quoted from the linked source.");
  return out.build();
}
