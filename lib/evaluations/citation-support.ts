import { buildOffsetIndex, toStringIndex } from "@/lib/citations/offsets";
import type { EvaluationCitation, EvaluationSource, ItemResult } from "./item-result";
import { parseSupportReply, supportRequest, type JudgeFn } from "./judge-protocol";
import { termOverlap } from "./key-terms";
import { splitSentences, type Sentence } from "./sentences";
import { normalizeUrl } from "./urls";

/** Citations judged per answer; the rest are counted as unjudged (unsupported), so the judge's cost is bounded. */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const SUPPORT_CITATIONS_MAX = 50;
/** Judge calls of one answer in flight at once. */
const SUPPORT_CONCURRENCY = 4;

/** @public API of lib/evaluations for the runner, pages and CLI. */
export type SourceTextOrigin = "content" | "snippet" | "none";

/** @public API of lib/evaluations for the runner, pages and CLI. */
export interface CitationVerdict {
  /** Position of the citation in the item's list. */
  index: number;
  url: string;
  /** The cited span of the answer. */
  span: string;
  /** Where the source text came from: the annotation's content, the search result's snippet, or nowhere. */
  source: SourceTextOrigin;
  supported: boolean;
  score: number;
  reasoning: string;
  /** False when the verdict was decided without the judge (no source text, empty span, over the limit, invented). */
  judged: boolean;
  /** True when the judge call threw (refused by a budget or a cap, or failed): no verdict was reached. */
  failed?: boolean;
  /** The answer's sentence the citation is attached to (what "supported" is about); "" when none. */
  sentence?: string;
  /** The source is about the question: the judge's word, else a share of the question's key terms in its text; null when unknown. */
  relevant?: boolean | null;
  /** The cited URL is not among the sources the answer's web search returned; null when the answer reported no search results. */
  invented?: boolean | null;
}

export interface CitationSupport {
  verdicts: CitationVerdict[];
  /** Supported citations / citations; null when the answer has none. */
  precision: number | null;
  /** Answer sentences overlapped by a supported citation's span / answer sentences; null with no sentences. */
  recall: number | null;
  /** Invented citations / citations whose invention could be told; null when none could. */
  invented_share?: number | null;
  /** Relevant citations / citations whose relevance is known; null when none is. */
  relevant_share?: number | null;
  /** Answer sentences without any supported citation / answer sentences (1 - recall); null with no sentences. */
  unsupported_sentence_share?: number | null;
}

/** A source whose text holds at least this share of the question's key terms is about the question (when the judge does not say). */
const RELEVANCE_MIN_SHARE = 0.3;

/** What the support check knows of the question: relevance is judged against it. */
export interface SupportContext {
  question?: string;
}

function sourceText(citation: EvaluationCitation, snippets: Map<string, string>): { text: string; origin: SourceTextOrigin } {
  if (citation.content !== undefined && citation.content.trim() !== "") return { text: citation.content, origin: "content" };
  const snippet = snippets.get(normalizeUrl(citation.url));
  if (snippet !== undefined) return { text: snippet, origin: "snippet" };
  return { text: "", origin: "none" };
}

function snippetsByUrl(sources: readonly EvaluationSource[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const source of sources) {
    const key = normalizeUrl(source.url);
    if (source.snippet !== undefined && source.snippet.trim() !== "" && !map.has(key)) map.set(key, source.snippet);
  }
  return map;
}

async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Judges every citation of an answer: the cited span (code point offsets, as the gateway sends
 * them) against its source text. A judge that throws (marked `failed`) or replies unreadably gives an unsupported
 * verdict whose reasoning says so; this never rejects.
 */
export async function checkCitationSupport(
  item: Pick<ItemResult, "answer" | "citations" | "sources">,
  judge: JudgeFn,
  signal?: AbortSignal,
  context: SupportContext = {},
): Promise<CitationSupport> {
  const index = buildOffsetIndex(item.answer);
  const snippets = snippetsByUrl(item.sources);
  const sentences = splitSentences(item.answer);
  const searched = new Set(item.sources.map((source) => normalizeUrl(source.url)));
  // The same span against the same source text is asked once per answer.
  const asked = new Map<string, ReturnType<typeof askJudge>>();
  const ranges: Array<[number, number] | null> = [];

  const verdicts = await mapBounded(item.citations.map((citation, i) => ({ citation, i })), SUPPORT_CONCURRENCY, async ({ citation, i }) => {
    const start = toStringIndex(index, citation.start_index);
    const end = toStringIndex(index, Math.max(citation.start_index, citation.end_index));
    const span = item.answer.slice(start, end);
    const { text, origin } = sourceText(citation, snippets);
    const sentence = sentenceOf(sentences, start, end)?.text ?? "";
    const invented = searched.size === 0 ? null : !searched.has(normalizeUrl(citation.url));
    const relevantByTerms = relevanceByTerms(context.question, text);
    const base = { index: i, url: citation.url, span, source: origin, sentence, invented, relevant: relevantByTerms };
    ranges[i] = null;
    if (i >= SUPPORT_CITATIONS_MAX) return { ...base, supported: false, score: 0, reasoning: `Not judged: only the first ${SUPPORT_CITATIONS_MAX} citations of an answer are.`, judged: false };
    if (span.trim() === "") return { ...base, supported: false, score: 0, reasoning: "The citation covers no text of the answer.", judged: false };
    // A page the search never returned was made up by the model: whatever text it carries cannot support anything.
    if (invented === true) return { ...base, supported: false, score: 0, reasoning: "Invented: the cited URL is not among the sources the web search returned for this answer.", judged: false };
    if (origin === "none") return { ...base, supported: false, score: 0, reasoning: "No source text: the citation has no content and no search result with its URL has a snippet.", judged: false };
    const key = `${sentence}\u0000${span}\u0000${text}`;
    let verdict = asked.get(key);
    if (verdict === undefined) {
      verdict = askJudge(judge, span, text, { question: context.question, sentence: sentence === "" ? undefined : sentence }, signal);
      asked.set(key, verdict);
    }
    const judged = await verdict;
    const result = { ...base, ...judged, relevant: judged.relevant ?? relevantByTerms };
    if (result.supported) ranges[i] = [start, end];
    return result;
  });

  const supportedRanges = ranges.filter((range): range is [number, number] => range !== null);
  const covered = sentences.filter((sentence) => supportedRanges.some(([s, e]) => s < sentence.end && e > sentence.start)).length;
  const recall = sentences.length === 0 ? null : covered / sentences.length;
  return {
    verdicts,
    precision: verdicts.length === 0 ? null : verdicts.filter((v) => v.supported).length / verdicts.length,
    recall,
    invented_share: shareOf(verdicts.map((v) => v.invented ?? null)),
    relevant_share: shareOf(verdicts.map((v) => v.relevant ?? null)),
    unsupported_sentence_share: recall === null ? null : 1 - recall,
  };
}

/** True values / known values; null when none is known. */
function shareOf(values: ReadonlyArray<boolean | null>): number | null {
  const known = values.filter((value): value is boolean => value !== null);
  return known.length === 0 ? null : known.filter(Boolean).length / known.length;
}

/** The sentence a citation's span starts in (or overlaps first). */
function sentenceOf(sentences: readonly Sentence[], start: number, end: number): Sentence | undefined {
  return sentences.find((s) => start >= s.start && start < s.end) ?? sentences.find((s) => s.start < Math.max(end, start + 1) && s.end > start);
}

function relevanceByTerms(question: string | undefined, sourceText: string): boolean | null {
  if (question === undefined || sourceText.trim() === "") return null;
  const share = termOverlap(question, sourceText).share;
  return share === null ? null : share >= RELEVANCE_MIN_SHARE;
}

async function askJudge(judge: JudgeFn, span: string, text: string, context: { question?: string; sentence?: string }, signal?: AbortSignal) {
  let reply: string;
  try {
    reply = await judge(supportRequest(span, text, context), signal);
  } catch (error) {
    return { supported: false, relevant: null, score: 0, reasoning: `The judge call failed: ${error instanceof Error ? error.message : String(error)}`, judged: false, failed: true };
  }
  const parsed = parseSupportReply(reply);
  return parsed.ok
    ? { supported: parsed.supported, relevant: parsed.relevant, score: parsed.score, reasoning: parsed.reasoning, judged: true }
    : { supported: false, relevant: null, score: 0, reasoning: parsed.reasoning, judged: false };
}
