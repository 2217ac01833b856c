import "server-only";
import { serverEnv } from "../config/env";
import { bufferedBody } from "./http-transport";

/**
 * Redaction of what the gateway sends back: the configured secrets (the gateway keys, AUTH_SECRET, the OIDC client
 * secret, the demo password) and anything shaped like a credential (an `Authorization` value, an `sk-` key) are
 * replaced before the text is relayed, stored, logged, exported or written to a report. A gateway or provider that
 * echoes the request's Authorization header in an error (issue 36, finding 6) then shows nobody the key.
 */

const REDACTED = "[redacted]";
/** `Bearer <token>`, `Basic <token>`: an Authorization value whatever key it carries. Linear (no nested repeats). */
const AUTHORIZATION_VALUE = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
/** Gateway and provider key shapes (sk-or-v1-…, sk-proj-…, sk-ant-…). */
const KEY_SHAPE = /\bsk-[A-Za-z0-9_-]{16,}/g;
/** Cheap tests on bytes before any decoding: text without these (and without a secret) passes through untouched. */
const TRIGGERS = ["earer", "EARER", "asic", "ASIC", "sk-"].map((trigger) => Buffer.from(trigger));

function configuredSecrets(): string[] {
  const env = serverEnv();
  return [env.GATEWAY_API_KEY, env.GATEWAY_MANAGEMENT_KEY, env.AUTH_SECRET, env.OIDC_CLIENT_SECRET, env.DEMO_PASSWORD].filter(
    (secret): secret is string => typeof secret === "string" && secret.length >= 4,
  );
}

/** The text with every secret and credential-shaped value replaced by "[redacted]". */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of configuredSecrets()) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out.replace(AUTHORIZATION_VALUE, `$1$2${REDACTED}`).replace(KEY_SHAPE, REDACTED);
}

function needsRedaction(bytes: Buffer, secrets: readonly Buffer[]): boolean {
  return TRIGGERS.some((trigger) => bytes.includes(trigger)) || secrets.some((secret) => bytes.includes(secret));
}

/** The longest line a body may carry before it is refused: redaction works line by line. */
const LINE_MAX_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;

/**
 * Redacts a body as it streams, a line at a time: an event stream's events are lines (`data: {...}`), and a secret
 * never spans a line, so it is never split between two chunks seen apart. Lines pass through as bytes unless one
 * holds a secret or a credential-shaped value.
 */
function redactingStream(): TransformStream<Uint8Array, Uint8Array> {
  const secrets = configuredSecrets().map((secret) => Buffer.from(secret));
  let carry: Buffer | null = null;
  const clean = (bytes: Buffer): Uint8Array => (needsRedaction(bytes, secrets) ? Buffer.from(redactSecrets(bytes.toString("utf8"))) : bytes);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const incoming = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const data: Buffer = carry ? Buffer.concat([carry, incoming]) : incoming;
      const end = data.lastIndexOf(NEWLINE) + 1;
      if (end === 0) {
        if (data.length > LINE_MAX_BYTES) throw new Error(`The gateway sent a line of more than ${LINE_MAX_BYTES} bytes`);
        carry = data;
        return;
      }
      carry = end === data.length ? null : Buffer.from(data.subarray(end));
      controller.enqueue(clean(data.subarray(0, end)));
    },
    flush(controller) {
      if (carry && carry.length > 0) controller.enqueue(clean(carry));
      carry = null;
    },
  });
}

/** The gateway's answer with its body redacted as it streams (status and headers as they were). */
export function redactedResponse(response: Response): Response {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  // A JSON answer read whole by the transport carries its bytes beside the Response, not as its body.
  const buffered = bufferedBody(response);
  if (buffered) return needsRedaction(buffered, configuredSecrets().map((secret) => Buffer.from(secret))) ? new Response(redactSecrets(buffered.toString("utf8")), init) : response;
  if (!response.body) return response;
  return new Response(response.body.pipeThrough(redactingStream()), init);
}
