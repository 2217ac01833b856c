import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Benchmarks write their own tables into docs/benchmarks.md, each into its marked section
 * (`<!-- bench:<name>:start -->` … `<!-- bench:<name>:end -->`), with the machine, the date and the command
 * that produced them, so the figures in the docs are never typed by hand. BENCH_DOCS=0 leaves the file alone
 * (a quick run with reduced settings still writes, and its command line says so).
 */

const DOC = path.resolve(__dirname, "../docs/benchmarks.md");

/** A Markdown table from a header and rows (cells are already formatted). */
export function markdownTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map((cell) => String(cell).replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), `|${header.map(() => "---").join("|")}|`, ...rows.map(line)].join("\n");
}

/** The machine and the moment, as the section's first line says them. */
function provenance(command: string): string {
  const cpus = os.cpus();
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith("BENCH_") && name !== "BENCH_DOCS")
    .map(([name, value]) => `${name}=${value}`);
  const args = process.argv.slice(2).join(" ");
  const full = [settings.join(" "), command, args].filter(Boolean).join(" ");
  const load = os.loadavg().map((value) => value.toFixed(1)).join(" / ");
  return (
    `_Written by \`${full}\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC: ` +
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
    `${os.platform()} ${os.arch()}; load average (1/5/15 min) at the end ${load}._`
  );
}

/** Replaces bench `name`'s section of docs/benchmarks.md (appending it when missing) with `body`. */
export function writeBenchmarkSection(name: string, command: string, body: string, doc = DOC): string | null {
  if (process.env.BENCH_DOCS === "0") return null;
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const section = `${start}\n${provenance(command)}\n\n${body.trim()}\n${end}`;
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from !== -1 && to > from ? `${current.slice(0, from)}${section}${current.slice(to + end.length)}` : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(doc, next);
  return doc;
}
