/** The logger's levels, most severe first (pino's), and `silent`. Apart from the logger so the settings check needs no pino. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_LEVEL, or info when unset or unknown (the app's settings check names a bad value: lib/server/config/env.ts). */
export function logLevelFrom(value: string | undefined): LogLevel {
  const level = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as LogLevel) : "info";
}
