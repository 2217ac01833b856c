import type { EvaluationQuestionRow, EvaluationResultsSummary } from "@/lib/contract/bff/evaluation-results";
import { countOf } from "@/lib/format/count";
import { differenceText, pairVerdict, repeatsText } from "./noise-verdict";
import { isAnswered, type ItemGrid } from "./stored-item";

/**
 * The run's report in Markdown: summary table, noise floor, and the questions whose verdicts differ between
 * versions with each version's answer and its citations. Text from the set or the model is made inert: every
 * ASCII punctuation character is backslash-escaped (CommonMark lets any of them be), so no link, image, HTML tag,
 * autolink (`<…>`, GFM's bare `https://` and `www.`), emphasis, heading or table break survives as syntax; the
 * only links are the citations' web URLs, which this module writes itself.
 */

/** Questions written out in full; the rest are counted. */
const REPORT_QUESTIONS_MAX = 100;

const pct = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)}%`);
const num = (value: number | null, digits = 2) => (value === null ? "–" : value.toFixed(digits));
const usd = (value: number) => `$${value.toFixed(4)}`;
const ms = (value: number | null) => (value === null ? "–" : `${Math.round(value)} ms`);

/**
 * A word GFM would link by itself, with no brackets: a URL with a scheme (`https://…`, `mailto:…`), `www.…`, or an
 * e-mail address. Renderers find these in the text after escapes are undone, so escaping cannot stop them.
 */
const BARE_LINK = /:\/\/|www\.|mailto:|xmpp:|@/i;

/** A code span holding `text` exactly (its fence longer than any run of backticks inside): shown, never linked. */
function literal(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  // A space inside each fence only where it is needed, and then one is stripped from each side.
  const padded = /^`|`$/.test(text) || /^ .* $/.test(text) ? ` ${text} ` : text;
  return `${fence}${padded}${fence}`;
}

/**
 * Text that Markdown shows as written: each ASCII punctuation character escaped with a backslash (links, images,
 * HTML, `<…>` autolinks, entities, emphasis, headings, table pipes), and each word a renderer would link on its own
 * written as a code span.
 */
function inert(text: string, inTable = false): string {
  return text
    .split(/(\s+)/)
    // GFM splits a table row at every unescaped pipe, code spans included.
    .map((word) => (BARE_LINK.test(word) ? (inTable ? literal(word).replace(/\|/g, "\\|") : literal(word)) : escapePunctuation(word)))
    .join("");
}

/** Every ASCII punctuation character backslash-escaped (CommonMark allows it on each of them). */
function escapePunctuation(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

/** A table cell: one line of inert text, its pipes escaped even inside code spans. */
export function mdCell(text: string): string {
  return inert(text.replace(/\r\n|\r|\n/g, " "), true);
}

/** Inline text: line breaks to spaces, then inert. */
export function inline(text: string): string {
  return inert(text.replace(/\r\n|\r|\n/g, " "));
}

/** A quoted block: every line prefixed and inert, so an answer's own headings, fences, links and HTML stay text inside the quote. */
function quote(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${inert(line)}`)
    .join("\n");
}

/** A code span on one line. */
const codeSpan = (text: string) => literal(text.replace(/\r\n|\r|\n/g, " "));

/** A link whose URL cannot end the Markdown link early. */
function link(url: string, title: string | undefined): string {
  // Only web links become links: a `javascript:` or `data:` URL from a source is shown as text.
  if (!/^https?:\/\//i.test(url)) return codeSpan(url);
  // Percent-encoded by hand: encodeURIComponent leaves parentheses as they are.
  const safeUrl = url.replace(/[()<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
  // A link's own text is never linked again, so escaping is enough there.
  return `[${escapePunctuation((title && title.trim() !== "" ? title : url).replace(/\r\n|\r|\n/g, " "))}](${safeUrl})`;
}

function summaryTable(summary: EvaluationResultsSummary): string[] {
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

const versionLabel = (summary: EvaluationResultsSummary, index: number) => summary.versions[index]?.label ?? `#${index}`;

function noiseTable(summary: EvaluationResultsSummary): string[] {
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

export function resultsReportMarkdown(summary: EvaluationResultsSummary, rows: readonly EvaluationQuestionRow[], grid: ItemGrid): string {
  const out: string[] = [
    `# Evaluation run: ${inline(summary.name)}`,
    "",
    `Run ${summary.run_id} · question set ${summary.set_name === null ? summary.set_id : `“${inline(summary.set_name)}”`} version ${summary.set_version} · ${countOf(summary.questions, "question")} · ${countOf(summary.repeats, "repeat")} · status ${summary.status} · started ${summary.created_at}${summary.ended_at ? ` · ended ${summary.ended_at}` : ""}`,
    "",
    `Checks: ${summary.checks.length === 0 ? "none" : summary.checks.map(codeSpan).join(", ")}`,
    "",
    "## Summary",
    "",
    ...summaryTable(summary),
    "",
    "## Noise floor",
    "",
    // The verdict is our own sentence: only the version labels in it are text users wrote.
    ...summary.noise_floor.pairs.map((pair) => `- ${pairVerdict(pair, inline(versionLabel(summary, pair.a)), inline(versionLabel(summary, pair.b)))}; pass rate difference ${differenceText(pair)}`),
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
    out.push(`### ${row.question_index + 1}. ${inline(row.question)}`, "");
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
