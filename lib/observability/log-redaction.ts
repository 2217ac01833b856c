/**
 * What the logger never writes. Two layers:
 * - REDACT_PATHS: pino's own redaction, by field name, for the places a secret travels in a structured field (an
 *   Authorization or Cookie header, a password, a key in an object passed to the logger);
 * - censorSecrets: a last pass over every finished line that replaces the values of the configured secrets
 *   wherever they appear, in a message string or an error's text included (an error that quotes the gateway's
 *   answer, a driver's message naming a connection string with its password).
 */

const CENSOR = "[redacted]";

/** Field names whose values are secrets wherever they sit (top level, one or two objects deep). */
const SECRET_FIELDS = [
  "authorization",
  "Authorization",
  "cookie",
  "Cookie",
  "set-cookie",
  "Set-Cookie",
  "password",
  "newPassword",
  "apiKey",
  "api_key",
  "key",
  "secret",
  "token",
  "access_token",
  "refresh_token",
  "client_secret",
  '"x-api-key"',
];

export const REDACT_PATHS: string[] = SECRET_FIELDS.flatMap((field) => {
  const access = field.startsWith('"') ? `[${field}]` : `.${field}`;
  const top = field.startsWith('"') ? `[${field}]` : field;
  return [top, `*${access}`, `*.*${access}`];
});

export const REDACT_CENSOR = CENSOR;

/** Settings whose values are secrets: they are replaced in every line, wherever they appear. */
const SECRET_SETTINGS = ["GATEWAY_API_KEY", "GATEWAY_MANAGEMENT_KEY", "AUTH_SECRET", "DEMO_PASSWORD", "OIDC_CLIENT_SECRET", "EMBEDDED_GATEWAY_API_KEY", "EMBEDDED_GATEWAY_MANAGEMENT_KEY", "EVAL_GATEWAY_KEY", "GATEHOUSE_TOKEN"] as const;

/** Secrets learned at run time (a generated demo password that lives in a file, not in the environment). */
const runtimeSecrets = new Set<string>();

/** Adds a secret value made at run time to what every line is censored for. Values under 4 characters are ignored. */
export function addLogSecret(value: string | undefined | null): void {
  if (value && value.length >= 4) runtimeSecrets.add(value);
}

let cachedKey = "";
let cachedSecrets: string[] = [];

/** The configured secrets, longest first (a key that contains another is replaced whole). Cached until the settings change. */
function secrets(env: Readonly<Record<string, string | undefined>>): string[] {
  const values = SECRET_SETTINGS.map((name) => env[name] ?? "");
  const key = values.join("\u0000") + "\u0001" + runtimeSecrets.size;
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSecrets = [...new Set([...values, ...runtimeSecrets])].filter((value) => value.length >= 4).sort((a, b) => b.length - a.length);
  }
  return cachedSecrets;
}

/**
 * `line` with every configured secret replaced, in its plain form and as JSON escapes it (a secret with a quote or
 * a backslash in it is written escaped inside a JSON line).
 */
/** A personal access token's shape (lib/server/auth/access-tokens.ts): censored whoever's it is, wherever it appears. */
const ACCESS_TOKEN_SHAPE = /\bgatehouse_pat_[A-Za-z0-9_-]{8,}/g;

export function censorSecrets(line: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  let out = line.includes("gatehouse_pat_") ? line.replace(ACCESS_TOKEN_SHAPE, CENSOR) : line;
  for (const secret of secrets(env)) {
    if (out.includes(secret)) out = out.split(secret).join(CENSOR);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && out.includes(escaped)) out = out.split(escaped).join(CENSOR);
  }
  return out;
}
