import type { EvalQuestionRow, EvalResultsSummary } from "@/lib/contract/bff/evaluation-results";
import { countOf } from "@/lib/format/count";
import { differenceText, pairVerdict, repeatsText } from "./noise-verdict";
import { isAnswered, type ItemGrid } from "./stored-item";

/**
 * The run's report in Markdown: summary table, noise floor, and the questions whose verdicts differ between
 * versions with each version's answer and its citations. Text from the set or the model is escaped where it could
 * break the document's structure (table pipes, line breaks, headings).
 */

/** Questions written out in full; the rest are counted. */
const REPORT_QUESTIONS_MAX = 100;

const pct = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)}%`);
const num = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));
const usd = (value: number) => `$${value.toFixed(4)}`;
const ms = (value: number | null) => (value === null ? "–" : `${Math.round(value)} ms`);

/** A table cell: one line, pipes and backslashes escaped, Markdown's inline HTML made text. */
export function mdCell(text: string): string {
  return inline(text).replace(/\|/g, "\\|");
}

/** Inline text: line breaks to spaces, `<` escaped (no HTML), backslashes kept literal. */
function inline(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\r\n|\r|\n/g, " ").replace(/</g, "&lt;");
}

/** A quoted block: every line prefixed, so an answer's own headings or fences stay inside the quote. */
function quote(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line.replace(/</g, "&lt;")}`)
    .join("\n");
}

/** A link whose URL cannot end the Markdown link early. */
function link(url: string, title: string | undefined): string {
  // Only web links become links: a `javascript:` or `data:` URL from a source is shown as text.
  if (!/^https?:\/\//i.test(url)) return `\`${inline(url).replace(/`/g, "'")}\``;
  // Percent-encoded by hand: encodeURIComponent leaves parentheses as they are.
  const safeUrl = url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  return `[${mdCell(title && title.trim() !== "" ? title : url).replace(/[[\]]/g, "\\$&")}](${safeUrl})`;
}

function summaryTable(summary: EvalResultsSummary): string[] {
  const lines = [
    "| Version | Pass rate | Judge mean | Citation precision | Citation recall | Cost | Tokens | Web search | Latency p50 | Latency p95 | Citations / answer | Domains | Top-5 share | Errors |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const version of summary.versions) {
    const a = version.aggregate;
    lines.push(
      `| ${mdCell(version.label)} | ${pct(a.pass_rate)} | ${num(a.judge_score_mean)} | ${pct(a.citation_precision_mean)} | ${pct(a.citation_recall_mean)} | ${usd(a.cost_usd)} | ${usd(a.cost_tokens_usd)} | ${usd(a.cost_web_search_usd)} | ${ms(a.latency_ms_p50)} | ${ms(a.latency_ms_p95)} | ${num(a.citations_per_answer)} | ${a.distinct_domains} | ${pct(a.top5_domain_share)} | ${a.errors} / ${a.items} |`,
    );
  }
  return lines;
}

const versionLabel = (summary: EvalResultsSummary, index: number) => summary.versions[index]?.label ?? `#${index}`;

function noiseTable(summary: EvalResultsSummary): string[] {
  const label = (index: number) => mdCell(summary.versions[index]?.label ?? `#${index}`);
  const lines = ["| Compared | Pairs | Answer similarity | Citation overlap | Check agreement |", "|---|---|---|---|---|"];
  for (const within of summary.noise_floor.within) {
    if (within.agreement) lines.push(`| ${label(within.version_index)} with itself | ${within.agreement.pairs} | ${pct(within.agreement.answer_similarity)} | ${pct(within.agreement.citation_overlap)} | ${pct(within.agreement.check_agreement)} |`);
  }
  for (const between of summary.noise_floor.between) {
    const a = between.agreement;
    lines.push(`| ${label(between.a)} vs ${label(between.b)} | ${a.pairs} | ${pct(a.answer_similarity)} | ${pct(a.citation_overlap)} | ${pct(a.check_agreement)} |`);
  }
  return lines;
}

export function resultsReportMarkdown(summary: EvalResultsSummary, rows: readonly EvalQuestionRow[], grid: ItemGrid): string {
  const out: string[] = [
    `# Evaluation run: ${inline(summary.name)}`,
    "",
    `Run ${summary.run_id} · question set ${summary.set_name === null ? summary.set_id : `“${inline(summary.set_name)}”`} version ${summary.set_version} · ${countOf(summary.questions, "question")} · ${countOf(summary.repeats, "repeat")} · status ${summary.status} · started ${summary.created_at}${summary.ended_at ? ` · ended ${summary.ended_at}` : ""}`,
    "",
    `Checks: ${summary.checks.length === 0 ? "none" : summary.checks.map((check) => `\`${inline(check).replace(/`/g, "'")}\``).join(", ")}`,
    "",
    "## Summary",
    "",
    ...summaryTable(summary),
    "",
    "## Noise floor",
    "",
    ...summary.noise_floor.pairs.map((pair) => `- ${inline(pairVerdict(pair, versionLabel(summary, pair.a), versionLabel(summary, pair.b)))}; pass rate difference ${differenceText(pair)}`),
    "",
    repeatsText(summary.noise_floor),
    "",
    "How alike the answers themselves are: each version with itself across repeats (when the run has repeats) and with the others on the same questions.",
    "",
    ...noiseTable(summary),
    "",
  ];
  const differing = rows.filter((row) => row.flags.verdicts_differ);
  out.push(`## Questions whose verdicts differ (${differing.length})`, "");
  if (differing.length === 0) out.push("None: every version got the same verdict on every question.", "");
  for (const row of differing.slice(0, REPORT_QUESTIONS_MAX)) {
    out.push(`### ${row.question_index + 1}. ${inline(row.question).replace(/^#+/, "")}`, "");
    for (const version of summary.versions) {
      const cell = row.versions[version.version_index];
      out.push(`**${inline(version.label)}**: ${cell?.verdict ?? "pending"}${cell && cell.failed_checks > 0 ? ` (${countOf(cell.failed_checks, "check")} failed)` : ""}`, "");
      const item = grid.at(version.version_index, row.question_index).find(isAnswered);
      if (!item) {
        out.push("_No answer._", "");
        continue;
      }
      out.push(quote(item.result.answer), "");
      if (item.result.citations.length > 0) {
        const seen = new Set<string>();
        for (const citation of item.result.citations) {
          if (seen.has(citation.url)) continue;
          seen.add(citation.url);
          out.push(`- ${link(citation.url, citation.title)}`);
        }
        out.push("");
      }
    }
  }
  if (differing.length > REPORT_QUESTIONS_MAX) out.push(`…and ${differing.length - REPORT_QUESTIONS_MAX} more (see the CSV or JSON export).`, "");
  return `${out.join("\n")}\n`;
}
