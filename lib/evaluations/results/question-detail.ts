import type { EvaluationQuestionDetail, EvaluationResultVersion } from "@/lib/contract/bff/evaluation-results";
import { buildOffsetIndex, toStringIndex } from "@/lib/citations/offsets";
import { supportOf } from "../evaluate";
import { explainCheck } from "../explain-check";
import type { ItemResult } from "../item-result";
import { JUDGE_LIMITS } from "../judge-protocol";
import { normalizeUrl } from "../urls";
import { citationDiff } from "./citation-diff";
import { isAnswered, itemCostSplit, type ItemGrid, type ResultQuestion, type StoredItem } from "./stored-item";

type DetailVersion = EvaluationQuestionDetail["versions"][number];
type DetailRepeat = DetailVersion["repeats"][number];

/** The text the support judge read for a citation: its own content, else the snippet of the search result with the same URL. */
function sourceTextOf(result: ItemResult, index: number): string | null {
  const citation = result.citations[index];
  if (!citation) return null;
  let text: string | undefined;
  if (citation.content !== undefined && citation.content.trim() !== "") text = citation.content;
  else {
    const key = normalizeUrl(citation.url);
    text = result.sources.find((source) => normalizeUrl(source.url) === key && source.snippet !== undefined && source.snippet.trim() !== "")?.snippet;
  }
  if (text === undefined) return null;
  return text.length > JUDGE_LIMITS.sourceMaxChars ? text.slice(0, JUDGE_LIMITS.sourceMaxChars) : text;
}

function repeatOf(item: StoredItem): DetailRepeat {
  const result = item.result;
  const answer = result?.answer ?? null;
  const offsets = answer === null ? null : buildOffsetIndex(answer);
  const citations = (result?.citations ?? []).map((citation) => {
    const start = offsets === null || answer === null ? 0 : toStringIndex(offsets, citation.start_index);
    const end = offsets === null || answer === null ? 0 : toStringIndex(offsets, Math.max(citation.start_index, citation.end_index));
    return { url: citation.url, title: citation.title ?? null, start_index: citation.start_index, end_index: citation.end_index, span: answer?.slice(start, end) ?? "" };
  });
  const checks = (item.checks ?? []).map((check) => ({
    kind: check.kind,
    arg: check.arg,
    origin: check.origin ?? "run",
    judge_model: check.judge_model ?? null,
    passed: check.passed,
    score: check.score ?? null,
    reasoning: explainCheck(check),
    details: check.details ?? null,
  }));
  const support = (item.checks ?? []).map(supportOf).find((s) => s !== null);
  const error = item.error ?? result?.error ?? null;
  return {
    repeat_index: item.repeat_index,
    status: item.status,
    answer,
    citations,
    sources: (result?.sources ?? []).map((source) => ({ url: source.url, title: source.title ?? null, snippet: source.snippet ?? null, published_at: source.published_at ?? null })),
    cost_usd: item.cost_usd,
    latency_ms: result?.latency_ms ?? null,
    ttft_ms: result?.ttft_ms ?? null,
    error: error === null ? null : { code: error.code ?? ("status" in error && typeof error.status === "number" ? error.status : "failed"), message: error.message },
    checks,
    cost_split: item.status === "done" || item.status === "failed" ? itemCostSplit(item) : null,
    citation_support:
      support && result
        ? support.verdicts.map((verdict) => ({
            index: verdict.index,
            url: verdict.url,
            span: verdict.span,
            source: verdict.source,
            source_text: verdict.source === "none" ? null : sourceTextOf(result, verdict.index),
            supported: verdict.supported,
            score: verdict.score,
            reasoning: verdict.reasoning,
            judged: verdict.judged,
            sentence: verdict.sentence ?? null,
            relevant: verdict.relevant ?? null,
            invented: verdict.invented ?? null,
          }))
        : null,
  };
}

/** Every version's stored items of one question (answers, citations with their spans, checks, support verdicts), and the citation diff asked for. */
export function questionDetail(
  grid: ItemGrid,
  versions: readonly EvaluationResultVersion[],
  question: ResultQuestion,
  index: number,
  diffOf: { base: number; against: number; repeat: number },
): Pick<EvaluationQuestionDetail, "question_index" | "question" | "expected" | "tags" | "allowed_domains" | "time_sensitive" | "versions" | "diff"> {
  const base = grid.repeat(diffOf.base, index, diffOf.repeat);
  const against = grid.repeat(diffOf.against, index, diffOf.repeat);
  const diff = diffOf.base !== diffOf.against && base && against && isAnswered(base) && isAnswered(against) ? citationDiff(base.result, against.result, diffOf) : null;
  return {
    question_index: index,
    question: question.question,
    expected: question.expected ?? null,
    tags: [...question.tags],
    allowed_domains: [...question.allowed_domains],
    time_sensitive: question.time_sensitive,
    versions: versions.map((version) => ({ ...version, repeats: grid.all(version.version_index, index).map(repeatOf) })),
    diff,
  };
}
