/**
 * The human-readable form of a log line, for `npm run dev` and a terminal: time, level, the request's short id,
 * the message, then the other fields as key=value. A plain function over pino's JSON line, written in the
 * process itself (no pino-pretty, whose transport runs in a worker thread that can keep a process alive).
 */

const LEVEL_COLOURS: Record<string, string> = { trace: "90", debug: "36", info: "32", warn: "33", error: "31", fatal: "35" };
/** Shown apart (at the start) or not at all: everything else follows the message as key=value. */
const HEAD_FIELDS = new Set(["time", "level", "msg", "request_id", "service", "pid", "hostname"]);

function valueText(value: unknown): string {
  if (typeof value === "string") return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

export function prettyLogLine(line: string, colour: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const paint = (code: string | undefined, text: string) => (colour && code ? `\u001b[${code}m${text}\u001b[0m` : text);
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const level = String(entry.level ?? "info");
  const parts = [paint("90", time), paint(LEVEL_COLOURS[level], level.toUpperCase().padEnd(5))];
  if (typeof entry.service === "string") parts.push(paint("90", entry.service));
  if (typeof entry.request_id === "string") parts.push(paint("90", `[${entry.request_id.slice(0, 8)}]`));
  parts.push(String(entry.msg ?? ""));
  let rest = "";
  let stack = "";
  for (const [key, value] of Object.entries(entry)) {
    if (HEAD_FIELDS.has(key) || value === undefined) continue;
    if (key === "err" && typeof value === "object" && value !== null && typeof (value as { stack?: unknown }).stack === "string") {
      stack = `\n    ${(value as { stack: string }).stack.split("\n").join("\n    ")}`;
      continue;
    }
    rest += ` ${paint("90", `${key}=`)}${valueText(value)}`;
  }
  return `${parts.join(" ")}${rest}${stack}\n`;
}
