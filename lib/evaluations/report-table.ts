import type { ReportVersion } from "./report-json";

const percent = (v: number | null) => (v === null ? "-" : `${(v * 100).toFixed(1)}%`);
const ms = (v: number | null) => (v === null ? "-" : `${Math.round(v)} ms`);
const num = (v: number | null) => (v === null ? "-" : v.toFixed(2));
const usd = (v: number) => `$${v < 1 ? v.toFixed(4) : v.toFixed(2)}`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/**
 * The CLI's summary: one row per version (pass rate, cost, p50/p95 latency, citations per answer,
 * distinct domains), then each version's pass rate per check.
 */
export function formatVersionTable(versions: readonly ReportVersion[]): string {
  const summary = table(
    ["version", "pass rate", "items", "errors", "cost", "tokens", "web search", "judge", "p50", "p95", "citations/answer", "domains"],
    versions.map(({ id, aggregate: a }) => [
      id,
      percent(a.pass_rate),
      String(a.items),
      String(a.errors),
      usd(a.cost_usd),
      usd(a.cost_tokens_usd),
      usd(a.cost_web_search_usd),
      usd(a.cost_judge_usd),
      ms(a.latency_ms_p50),
      ms(a.latency_ms_p95),
      num(a.citations_per_answer),
      String(a.distinct_domains),
    ]),
  );
  const perCheck = versions
    .filter(({ aggregate }) => aggregate.checks.length > 0)
    .map(({ id, aggregate }) =>
      `${id}\n${table(
        ["check", "pass rate", "passed"],
        aggregate.checks.map((c) => {
          const spelled = `${c.kind}:${c.arg}`;
          return [spelled.length > 60 ? `${spelled.slice(0, 59)}…` : spelled, percent(c.pass_rate), `${c.passed}/${c.evaluated}`];
        }),
      )}`,
    );
  return [summary, ...perCheck].join("\n\n") + "\n";
}
