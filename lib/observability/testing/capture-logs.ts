import { createLogger } from "../logger";

const ROOT = Symbol.for("gatehouse.observability.logger");
type Holder = typeof globalThis & { [ROOT]?: unknown };

/**
 * Makes this process's logger (lib/observability/logger.ts) write into an array of parsed lines, at `level`, until
 * `restore()`: what a test reads to check a line was written (and what it carries).
 */
export function captureLogs(level: "info" | "debug" = "info"): { lines: Record<string, unknown>[]; restore(): void } {
  const holder = globalThis as Holder;
  const before = holder[ROOT];
  const lines: Record<string, unknown>[] = [];
  holder[ROOT] = createLogger({ service: "dashboard", level, format: "json", destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
  return {
    lines,
    restore: () => {
      holder[ROOT] = before;
    },
  };
}
