import "server-only";
import path from "node:path";
import { z } from "zod";
import { LOG_LEVELS } from "@/lib/observability/log-levels";
import { parseRoleMap } from "../auth/oidc-role-map";
import { checkServerSettings, numberSetting, SERVER_SETTINGS_SHAPE, urlSetting } from "./server-settings";

const MB = 1024 * 1024;

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** A setting that is a positive number (`whole`: an integer), or `fallback` when unset or blank. */
function positiveSetting(fallback: number, whole: boolean) {
  return numberSetting(fallback, (n) => (whole ? Number.isSafeInteger(n) : Number.isFinite(n)) && n > 0, `must be a positive ${whole ? "integer" : "number"}`);
}

const positiveInt = (fallback: number) => positiveSetting(fallback, true);
const positiveNumber = (fallback: number) => positiveSetting(fallback, false);
/** A positive number, or undefined when unset or blank. */
const optionalPositiveNumber = () => positiveSetting(Number.NaN, false).transform((n) => (Number.isNaN(n) ? undefined : n));

function httpUrl(unsetMessage: string) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") {
        ctx.addIssue({ code: "custom", message: unsetMessage });
        return z.NEVER;
      }
      const url = urlSetting(value, ctx, "is not a valid URL");
      if (!url) return z.NEVER;
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        ctx.addIssue({ code: "custom", message: "must be an http:// or https:// URL" });
        return z.NEVER;
      }
      // Joined with paths like "/presets": a trailing slash would double up.
      return url.toString().replace(/\/+$/, "");
    });
}

const EnvSchema = z
  .object({
    GATEWAY_URL: httpUrl("is unset: start Gatehouse with `npm start`, which serves the embedded gateway"),
    GATEWAY_API_KEY: z
      .string({ error: "is unset: the BFF needs an API key for the gateway" })
      .trim()
      .min(1, { message: "is empty: the BFF needs an API key for the gateway" }),
    GATEWAY_MANAGEMENT_KEY: optionalText,
    GATEWAY_TIMEOUT_MS: positiveInt(30_000),
    GATEHOUSE_MODE: z
      .enum(["embedded", "remote"], { error: 'must be "embedded" or "remote"' })
      .optional()
      .default("remote"),
    // Resolved at run time from the working directory; not a build-time file reference.
    DATA_DIR: optionalText.transform((value) => path.resolve(/*turbopackIgnore: true*/ value ?? ".data")),
    AUTH_SECRET: z
      .string({ error: "is unset: `npm start` generates one; set it yourself when running `next start` directly" })
      .min(32, { message: "must be at least 32 characters (generate one with `openssl rand -base64 32`)" }),
    DEMO_PASSWORD: optionalText,
    // Unset: the app's own data lives in DATA_DIR/gatehouse.db (SQLite). Set: in this PostgreSQL, which
    // several instances may share (README "Deploying a team instance").
    DATABASE_URL: optionalText.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(value),
      { message: "must be a postgres:// or postgresql:// URL" },
    ),
    MAX_UPLOAD_BYTES: positiveInt(100 * MB),
    OIDC_ISSUER: optionalText,
    OIDC_CLIENT_ID: optionalText,
    OIDC_CLIENT_SECRET: optionalText,
    OIDC_ROLE_MAP: optionalText,
    OIDC_NAME: optionalText,
    // Off by default: an identity provider that lets someone claim any address would otherwise hand them
    // the password account that already has it (an admin's, say).
    OIDC_LINK_PASSWORD_ACCOUNTS: z
      .enum(["0", "1", "false", "true"], { error: 'must be "1" or "0"' })
      .optional()
      .transform((value) => value === "1" || value === "true"),
    GATEHOUSE_BENCH_ROUTES: optionalText,
    // The logger's (lib/observability/logger.ts, which reads them itself: the launcher and the gateway log too);
    // checked here so a mistyped level stops the app with the others instead of quietly logging at info.
    LOG_LEVEL: z
      .string()
      .optional()
      .refine((value) => value === undefined || value.trim() === "" || (LOG_LEVELS as readonly string[]).includes(value.trim().toLowerCase()), {
        message: `must be one of ${LOG_LEVELS.join(", ")}`,
      }),
    LOG_FORMAT: z.enum(["json", "pretty"], { error: 'must be "json" or "pretty"' }).optional(),
    // Sign-in throttle (lib/server/auth/sign-in-throttle.ts): wrong passwords per (email, client address),
    // per email across addresses (a ceiling, not a lockout anyone can trigger) and per client address,
    // within one window; attempts past a limit are refused before the password is hashed.
    SIGN_IN_MAX_FAILURES_PER_CLIENT: positiveInt(10),
    SIGN_IN_MAX_FAILURES_PER_EMAIL: positiveInt(100),
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInt(100),
    SIGN_IN_WINDOW_SECONDS: positiveInt(15 * 60),
    // Per-user limits on BFF calls that cost the shared gateway key something (lib/server/config/user-limits.ts).
    // Far above what a person clicking through the dashboard (or the e2e suite) does in a minute.
    RATE_LIMIT_RESPONSES_PER_MINUTE: positiveInt(120),
    RATE_LIMIT_UPLOADS_PER_MINUTE: positiveInt(60),
    RATE_LIMIT_GATEWAY_PER_MINUTE: positiveInt(1200),
    // Evaluation runs at once (counted in the app database: every instance together) and their items in flight
    // (per instance, in the runner): lib/server/services/evaluation-runs.ts, lib/server/evaluations/runner.ts.
    EVAL_MAX_RUNNING_RUNS_PER_USER: positiveInt(5),
    EVAL_MAX_RUNNING_RUNS: positiveInt(25),
    EVAL_MAX_ITEMS_IN_FLIGHT_PER_USER: positiveInt(8),
    EVAL_MAX_ITEMS_IN_FLIGHT: positiveInt(32),
    // Question-set file imports (CSV/JSONL, up to 16 MiB each) per user per minute: low, each is a whole file's work.
    RATE_LIMIT_IMPORTS_PER_MINUTE: positiveInt(10),
    // Question rows one user may have stored, every version of every set they saved counted (a 10,000-row set
    // saved 20 times is 200,000).
    EVAL_MAX_QUESTION_ROWS_PER_USER: positiveInt(500_000),
    // Per-user spending guard on video generation (lib/server/video-generation/video-spending-guard.ts), in USD of the
    // SKU calculator's estimates: one generation (all its models).
    VIDEO_MAX_COST_PER_REQUEST_USD: positiveNumber(10),
    // One ledger per user for what models cost over the last 24 hours, video generations and evaluation runs
    // together (lib/server/spending/model-spending.ts). VIDEO_MAX_COST_PER_DAY_USD is its old name, still read.
    MODEL_MAX_COST_PER_DAY_USD: optionalPositiveNumber(),
    VIDEO_MAX_COST_PER_DAY_USD: optionalPositiveNumber(),
    // A person's default budget per UTC calendar month, on the same ledger (lib/server/ledger); an admin may set
    // another per person on the users page, as for the day.
    MODEL_MAX_COST_PER_MONTH_USD: positiveNumber(1000),
    // How many days of ledger entries the app database keeps (lib/server/ledger/retention.ts); unset: forever.
    LEDGER_RETENTION_DAYS: positiveSetting(Number.NaN, true).transform((n) => (Number.isNaN(n) ? undefined : n)),
    // The most one evaluation run may be given as its spending cap.
    EVAL_MAX_COST_PER_RUN_USD: positiveNumber(20),
    // The judge model of evaluation checks when a run, re-score or CLI call names none. Unset: the gateway's demo
    // judge (gatehouse/judge) when the gateway lists it, else judge checks are refused (lib/server/evaluations/judge-model.ts).
    EVAL_JUDGE_MODEL: optionalText,
    // What the spending guard counts for a model the SKU calculator cannot price, per generation; unset,
    // such a model is refused (video-generation-plan.ts): counting it as $0 would bypass both limits.
    VIDEO_UNPRICED_MODEL_CEILING_USD: optionalPositiveNumber(),
    // Bytes of frame images (sent as data: URLs) one user's generations may keep in the app database.
    VIDEO_MAX_FRAME_BYTES_PER_USER: positiveInt(50 * MB),
    // The dashboard server's public origin and connection bounds (server-settings.ts, which that server
    // reads before Next starts): validated here as well, so a bad one stops the app with the others.
    ...SERVER_SETTINGS_SHAPE,
  })
  .superRefine((env, ctx) => {
    checkServerSettings(env, ctx);
    const oidc = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
    const given = Object.entries(oidc).filter(([, v]) => v !== undefined);
    if (given.length > 0 && given.length < 3) {
      for (const [name, value] of Object.entries(oidc)) {
        if (value === undefined) {
          ctx.addIssue({ code: "custom", path: [name], message: `is required when ${given.map(([n]) => n).join(" and ")} ${given.length === 1 ? "is" : "are"} set` });
        }
      }
    }
    if (env.OIDC_ISSUER !== undefined) {
      try {
        new URL(env.OIDC_ISSUER);
      } catch {
        ctx.addIssue({ code: "custom", path: ["OIDC_ISSUER"], message: "is not a valid URL" });
      }
    }
    if (env.OIDC_ROLE_MAP !== undefined) {
      try {
        parseRoleMap(env.OIDC_ROLE_MAP);
      } catch (error) {
        ctx.addIssue({ code: "custom", path: ["OIDC_ROLE_MAP"], message: (error as Error).message });
      }
    }
    if (env.DATABASE_URL !== undefined && env.GATEHOUSE_MODE === "embedded") {
      // Each `npm start` without GATEWAY_URL serves its own embedded gateway: instances sharing one
      // database would each see different presets and files.
      ctx.addIssue({
        code: "custom",
        path: ["GATEWAY_URL"],
        message: "is required with DATABASE_URL: instances sharing a database need one gateway (a real one, or one shared `npm run gateway`)",
      });
    }
    if (env.OIDC_ISSUER !== undefined && env.OIDC_ROLE_MAP === undefined) {
      ctx.addIssue({ code: "custom", path: ["OIDC_ROLE_MAP"], message: 'is required with OIDC: e.g. "alice@example.com=admin,*@example.com=viewer"' });
    }
  });

/** The daily model-spending limit: its own setting, else its old name, else $50. */
const DEFAULT_MODEL_MAX_COST_PER_DAY_USD = 50;

export type ServerEnv = z.infer<typeof EnvSchema> & { modelMaxCostPerDayUsd: number; modelMaxCostPerDaySetting: string };

function withDerived(env: z.infer<typeof EnvSchema>): ServerEnv {
  const setting = env.MODEL_MAX_COST_PER_DAY_USD !== undefined || env.VIDEO_MAX_COST_PER_DAY_USD === undefined ? "MODEL_MAX_COST_PER_DAY_USD" : "VIDEO_MAX_COST_PER_DAY_USD";
  return {
    ...env,
    modelMaxCostPerDayUsd: env.MODEL_MAX_COST_PER_DAY_USD ?? env.VIDEO_MAX_COST_PER_DAY_USD ?? DEFAULT_MODEL_MAX_COST_PER_DAY_USD,
    modelMaxCostPerDaySetting: setting,
  };
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Gatehouse cannot start, its settings are invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Validates a set of environment variables; every problem names its setting. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = EnvSchema.safeParse(source);
  if (result.success) return withDerived(result.data);
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `${name} ${issue.message}`;
  });
  throw new EnvError(problems);
}

let cached: ServerEnv | undefined;

/**
 * The validated settings of this process, read once. Lazy rather than at import time, because
 * `next build` imports every route module without the runtime settings that `npm start` provides.
 */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}

/** Tests change process.env between cases. */
export function resetServerEnv(): void {
  cached = undefined;
}
