import { randomUUID } from "node:crypto";

/** The header a request id travels in, both ways. */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What an id taken from a proxy may look like: a UUID, a ULID, a load balancer's trace id. Bounded and plain, so
 * a caller cannot push a megabyte or a forged log line (newlines, quotes) into every line of its request.
 */
const ACCEPTED = /^[A-Za-z0-9._:\-]{8,128}$/;

/**
 * The id of a request: the one the trusted reverse proxy in front sent in X-Request-Id (so a proxy's log line and
 * ours share it), else a new one. `fromTrustedProxy`: a proxy is configured (TRUST_PROXY_HOPS > 0) and so sits
 * between every client and us; without one, X-Request-Id is whatever any caller typed and is ignored.
 */
export function requestIdFor(sent: string | string[] | undefined | null, fromTrustedProxy: boolean): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  if (fromTrustedProxy && value && ACCEPTED.test(value)) return value;
  return randomUUID();
}

/** Whether a reverse proxy is configured in front (the same setting the client address is read with). */
export function trustedProxyConfigured(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const hops = Number(env.TRUST_PROXY_HOPS ?? "0");
  return Number.isSafeInteger(hops) && hops > 0;
}
