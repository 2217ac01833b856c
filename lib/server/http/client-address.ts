/**
 * Who is on the other end of a request. Next fills `X-Forwarded-For` only when the client did not send
 * one, so that header alone is whatever a caller wants it to be. Gatehouse's own HTTP server
 * (`server/next-server.ts`) therefore writes the socket's peer address into PEER_HEADER on every
 * request, overwriting anything the client sent, and marks the process with PEER_HEADER_ENV so the
 * header is believed only where that server put it (under a plain `next start` nobody overwrites it).
 *
 * Behind reverse proxies, TRUST_PROXY_HOPS says how many of them append to X-Forwarded-For: the client
 * is then the entry that many hops left of the peer. Pure: no server-only state, unit-tested directly.
 */
export const PEER_HEADER = "x-gatehouse-peer";
export const PEER_HEADER_ENV = "GATEHOUSE_PEER_HEADER";

export interface ClientAddressOptions {
  /** Reverse proxies in front of Gatehouse that append the address they saw to X-Forwarded-For. */
  trustProxyHops: number;
  /** Whether PEER_HEADER was written by Gatehouse's own server (see above). */
  peerHeaderTrusted: boolean;
}

function defaultOptions(): ClientAddressOptions {
  const hops = Number(process.env.TRUST_PROXY_HOPS ?? "0");
  return {
    trustProxyHops: Number.isSafeInteger(hops) && hops > 0 ? hops : 0,
    peerHeaderTrusted: process.env[PEER_HEADER_ENV] === "1",
  };
}

/** "::ffff:127.0.0.1" and "127.0.0.1" are one client. */
function normalise(address: string): string {
  const trimmed = address.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice("::ffff:".length) : trimmed;
}

/** The client's address, or null when it cannot be known (not served by Gatehouse's own server). */
export function clientAddress(headers: Headers, options: ClientAddressOptions = defaultOptions()): string | null {
  if (!options.peerHeaderTrusted) return null;
  const peer = headers.get(PEER_HEADER);
  if (!peer) return null;
  if (options.trustProxyHops === 0) return normalise(peer);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  // The rightmost `hops` entries were written by our proxies; the one before them is the client.
  // A chain shorter than that means a proxy is missing: the leftmost address is the best there is.
  return normalise(chain[Math.max(0, chain.length - 1 - options.trustProxyHops)]);
}

function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  const value = normalise(address);
  return value === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(value);
}

/** True only when the request provably comes from this machine. */
export function isLoopbackRequest(headers: Headers, options?: ClientAddressOptions): boolean {
  return isLoopbackAddress(clientAddress(headers, options));
}
