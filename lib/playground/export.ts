import { groupSources, resolveSpans, safeHttpUrl, type CitedSource } from "@/lib/citations";
import { footnoteInserts } from "@/lib/citations/markdown-footnotes";
import type { UrlCitation } from "@/lib/contract/gateway";
import { runMetrics, formatCost, formatMs, formatRate, type RunMetrics } from "./metrics";
import type { RunState, TextPart } from "./run-state";
import { readConversation, readModel, runBody, type RequestDraft } from "./setup";

/*
 * Exports of one run: JSON (the request as sent and what came back) and Markdown (the answer with
 * its citations as footnotes). Neither holds a key: the BFF adds credentials server-side.
 */

export interface RunExport {
  exported_at: string;
  label?: string;
  request: RequestDraft;
  response: {
    id: string | null;
    model: string | null;
    status: RunState["status"];
    error: RunState["error"];
    incomplete_reason: string | null;
    output_text: { text: string; annotations: readonly UrlCitation[] }[];
    web_search_calls: unknown[];
    usage: RunState["usage"];
  };
  metrics: RunMetrics;
}

export function exportRunJson(request: RequestDraft, run: RunState, options: { label?: string; now?: Date } = {}): RunExport {
  return {
    exported_at: (options.now ?? new Date()).toISOString(),
    ...(options.label ? { label: options.label } : {}),
    request: runBody(request),
    response: {
      id: run.responseId,
      model: run.model,
      status: run.status,
      error: run.error,
      incomplete_reason: run.incompleteReason,
      output_text: run.parts.map((part) => ({ text: part.text, annotations: part.annotations })),
      web_search_calls: run.searches.map((search) => search.item),
      usage: run.usage,
    },
    metrics: runMetrics(run),
  };
}

function escapeLinkText(text: string): string {
  return text.replace(/[[\]\\]/g, (match) => `\\${match}`).replace(/\s+/g, " ");
}

/**
 * The answer's Markdown as it came, with a footnote reference after each cited span (moved out of
 * code, links and raw HTML, where it would not work); numbering is shared across parts.
 */
function partWithFootnotes(part: TextPart, numberOf: (url: string) => number): string {
  const { spans } = resolveSpans(part.text, part.annotations, { warn: () => {} });
  const places = footnoteInserts(part.text, spans.map((span) => span.end));
  const inserts = spans
    .map((span, i) => ({ ...places[i], ref: `[^${numberOf(span.annotation.url)}]` }))
    .sort((a, b) => a.at - b.at);
  let out = "";
  let last = 0;
  let lastPrefix = "";
  for (const insert of inserts) {
    // References at the same place after a code block share its line.
    const prefix = insert.at === last && insert.prefix === lastPrefix && out.length > 0 ? "" : insert.prefix;
    out += part.text.slice(last, insert.at) + prefix + insert.ref;
    last = insert.at;
    lastPrefix = insert.prefix;
  }
  return out + part.text.slice(last);
}

function footnote(source: CitedSource): string {
  const title = source.title ?? source.host;
  const href = safeHttpUrl(source.url);
  // Only http(s) becomes a link; anything else is shown as code so no renderer makes it clickable.
  const target = href ? `[${escapeLinkText(title)}](<${href}>)` : `${escapeLinkText(title)} \`${source.url.replace(/`/g, "'")}\` (not a web link)`;
  return `[^${source.number}]: ${target}`;
}

export function exportRunMarkdown(request: RequestDraft, run: RunState, options: { label?: string } = {}): string {
  const model = run.model ?? readModel(request);
  const metrics = runMetrics(run);
  const lines: string[] = [`# ${options.label ? `${options.label}: ` : ""}${model || "Playground run"}`, ""];
  const facts = [
    `Status: ${run.status}`,
    `time to first token ${formatMs(metrics.ttftMs)}`,
    `total ${formatMs(metrics.totalMs)}`,
    `${formatRate(metrics.tokensPerSecond)}`,
  ];
  if (metrics.inputTokens !== null) facts.push(`tokens in/out ${metrics.inputTokens}/${metrics.outputTokens}`);
  if (metrics.cost !== null) facts.push(`cost ${formatCost(metrics.cost)}`);
  lines.push(facts.join(" · "), "");
  if (run.error) lines.push(`> **Error:** ${run.error.message}`, "");

  const turns = readConversation(request);
  if (turns.length > 0) {
    lines.push("## Conversation", "");
    for (const turn of turns) lines.push(`**${turn.role[0].toUpperCase()}${turn.role.slice(1)}:** ${turn.text}`, "");
  }

  // One numbering for the whole answer, in order of first citation.
  const allSources = groupSources(
    run.parts.flatMap((part, partIndex) =>
      resolveSpans(part.text, part.annotations, { warn: () => {} }).spans.map((span) => ({ ...span, start: span.start + partIndex * 1e9, end: span.end + partIndex * 1e9 })),
    ),
  );
  const numbers = new Map(allSources.map((source) => [source.url, source.number]));
  lines.push("## Answer", "");
  for (const part of run.parts) lines.push(partWithFootnotes(part, (url) => numbers.get(url) ?? 0), "");
  if (allSources.length > 0) {
    lines.push("## Sources", "");
    for (const source of allSources) lines.push(footnote(source));
    lines.push("");
  }
  return lines.join("\n");
}
