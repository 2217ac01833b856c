import pino, { type DestinationStream, type LogFn, type Logger, type LoggerOptions } from "pino";
import { currentLogContext } from "./log-context";
import { logLevelFrom, type LogLevel } from "./log-levels";
import { censorSecrets, REDACT_CENSOR, REDACT_PATHS } from "./log-redaction";
import { prettyLogLine } from "./pretty-log";

/**
 * Gatehouse's one logger (pino), used by the dashboard server, the BFF, the evaluation runner, the launcher and
 * the embedded gateway alike. Every line is JSON (level, time, msg, then fields) with the current request's
 * context (request_id, user_id, route: ./log-context.ts) and, when tracing is on, its trace_id and span_id.
 * LOG_LEVEL picks the least severe level written (default info); LOG_FORMAT=pretty writes readable lines instead
 * (`npm run dev` and a terminal get them by default: server/start.ts). Secrets are redacted (./log-redaction.ts).
 */

export type { Logger };

/** Set by the tracing setup when OTEL_* asks for traces: the active span's ids, for every line (lib/server/observability/tracing.ts). */
const TRACE_IDS = Symbol.for("gatehouse.observability.trace-ids");
type TraceIdsHolder = typeof globalThis & { [TRACE_IDS]?: () => { trace_id: string; span_id: string } | undefined };

function mixin(): object {
  const context = currentLogContext();
  const traceIds = (globalThis as TraceIdsHolder)[TRACE_IDS]?.();
  if (!context && !traceIds) return {};
  return traceIds ? { ...context, ...traceIds } : { ...context };
}

export interface CreateLoggerOptions {
  /** Which program writes: dashboard, gateway, launcher, runner, cli. */
  service: string;
  level?: LogLevel;
  /** pretty: readable lines; json: one JSON object a line. */
  format?: "json" | "pretty";
  /** Where lines go; standard output by default. */
  destination?: DestinationStream;
  /** Standard error instead of standard output (a CLI whose standard output is its answer). */
  toStderr?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
}

function prettyDestination(stream: NodeJS.WriteStream, colour: boolean): DestinationStream {
  return { write: (line: string) => void stream.write(prettyLogLine(line, colour)) };
}

export function createLogger(options: CreateLoggerOptions): Logger {
  const env = options.env ?? process.env;
  const stream = options.toStderr ? process.stderr : process.stdout;
  const format = options.format ?? (env.LOG_FORMAT === "pretty" ? "pretty" : env.LOG_FORMAT === "json" ? "json" : stream.isTTY ? "pretty" : "json");
  const settings: LoggerOptions = {
    level: options.level ?? logLevelFrom(env.LOG_LEVEL),
    base: { service: options.service },
    messageKey: "msg",
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin,
    redact: { paths: REDACT_PATHS, censor: REDACT_CENSOR },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
    hooks: { streamWrite: (line) => censorSecrets(line, env) },
  };
  const destination =
    options.destination ?? (format === "pretty" ? prettyDestination(stream, Boolean(stream.isTTY) && !env.NO_COLOR) : pino.destination({ dest: options.toStderr ? 2 : 1, sync: true }));
  return pino(settings, destination);
}

const ROOT = Symbol.for("gatehouse.observability.logger");
const SERVICE = Symbol.for("gatehouse.observability.service");
type RootHolder = typeof globalThis & { [ROOT]?: Logger; [SERVICE]?: { service: string; toStderr: boolean } };

/**
 * Names the program whose lines these are (dashboard, gateway, launcher, cli); its entry point says so before it
 * logs. `toStderr`: a CLI, whose standard output is its answer, logs to standard error.
 */
export function setLogService(service: string, options: { toStderr?: boolean } = {}): void {
  (globalThis as RootHolder)[SERVICE] = { service, toStderr: options.toStderr ?? false };
}

/** The process's logger, made on first use (after the launcher set the environment); one per process, on globalThis, as the log context is. */
function rootLogger(): Logger {
  const holder = globalThis as RootHolder;
  return (holder[ROOT] ??= createLogger({ service: holder[SERVICE]?.service ?? "dashboard", toStderr: holder[SERVICE]?.toStderr }));
}

/** What a module logs with: the levels, and whether one is on. */
export interface ComponentLogger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
  isLevelEnabled(level: string): boolean;
}

/**
 * A logger for one part of the program: its lines carry `component`. Made lazily, at the first line, so a module
 * may take one when it is imported, before its program's entry point has named itself or read its settings.
 */
export function loggerFor(component: string): ComponentLogger {
  let child: Logger | undefined;
  let parent: Logger | undefined;
  // Made again if the process's logger was replaced (a test reading the lines: ./testing/capture-logs.ts).
  const get = () => {
    const root = rootLogger();
    if (root !== parent) {
      parent = root;
      child = root.child({ component });
    }
    return child!;
  };
  const level = (name: "fatal" | "error" | "warn" | "info" | "debug" | "trace"): LogFn =>
    ((...args: Parameters<LogFn>) => get()[name](...args)) as LogFn;
  return {
    fatal: level("fatal"),
    error: level("error"),
    warn: level("warn"),
    info: level("info"),
    debug: level("debug"),
    trace: level("trace"),
    isLevelEnabled: (name) => get().isLevelEnabled(name),
  };
}
