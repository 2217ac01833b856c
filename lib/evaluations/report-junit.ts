import { costSplitOf } from "./cost-split";
import type { ReportItem, ReportVersion } from "./report-json";

/** Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): shown as U+FFFD. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text content: markup characters escaped, impossible characters replaced. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, "\uFFFD").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value: also quotes, and line breaks and tabs as references so parsers keep them. */
export function xmlAttr(value: string): string {
  return xmlText(value).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

const NAME_MAX = 200;
const seconds = (ms: number | null) => ((ms ?? 0) / 1000).toFixed(3);

function caseName(item: ReportItem): string {
  const question = item.question.length > NAME_MAX ? `${item.question.slice(0, NAME_MAX - 1)}…` : item.question;
  return item.repeat > 1 ? `${question} [repeat ${item.repeat}]` : question;
}

function testcase(item: ReportItem): string {
  const open = `    <testcase name="${xmlAttr(caseName(item))}" classname="${xmlAttr(`eval.${item.version}`)}" time="${seconds(item.result.latency_ms)}"`;
  if (item.result.error) {
    const message = `${String(item.result.error.code)}: ${item.result.error.message}`;
    return `${open}>\n      <error message="${xmlAttr(message)}" type="item_error">${xmlText(message)}</error>\n    </testcase>`;
  }
  const failed = item.checks.filter((c) => !c.passed);
  if (failed.length === 0) return `${open}/>`;
  const lines = failed.map((c) => `${c.kind}:${c.arg}${typeof c.score === "number" ? ` (score ${c.score.toFixed(2)})` : ""}${c.reasoning ? ` — ${c.reasoning}` : ""}`);
  return `${open}>\n      <failure message="${xmlAttr(`${failed.length} of ${item.checks.length} checks failed`)}" type="checks">${xmlText(lines.join("\n"))}</failure>\n    </testcase>`;
}

/**
 * JUnit XML: one testsuite per version, one testcase per item; failed checks as a failure, a failed item as an error.
 * Suite time is the run's wall time when given (items run concurrently, so their latencies overlap and their sum
 * overstates it); without it, the sum of the items' latencies.
 */
export function buildJunitXml(versions: readonly ReportVersion[], items: readonly ReportItem[], options: { wallMs?: number } = {}): string {
  const suites = versions.map(({ id }) => {
    const own = items.filter((item) => item.version === id);
    const errors = own.filter((item) => item.result.error).length;
    const failures = own.filter((item) => !item.result.error && item.checks.some((c) => !c.passed)).length;
    const time = seconds(options.wallMs ?? own.reduce((sum, item) => sum + (item.result.latency_ms ?? 0), 0));
    const head = `  <testsuite name="${xmlAttr(id)}" tests="${own.length}" failures="${failures}" errors="${errors}" time="${time}">`;
    // What the version's answers cost, the same one figure per answer as the JSON report and the table.
    const cost = own.reduce((sum, item) => sum + costSplitOf(item.result).total_usd, 0);
    const properties = `    <properties><property name="cost_usd" value="${Number(cost.toPrecision(12))}"/></properties>`;
    return [head, properties, ...own.map(testcase), "  </testsuite>"].join("\n");
  });
  const total = items.length;
  const failures = items.filter((item) => !item.result.error && item.checks.some((c) => !c.passed)).length;
  const errors = items.filter((item) => item.result.error).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="gatehouse-eval" tests="${total}" failures="${failures}" errors="${errors}"${options.wallMs === undefined ? "" : ` time="${seconds(options.wallMs)}"`}>\n${suites.join("\n")}\n</testsuites>\n`;
}
