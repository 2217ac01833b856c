/**
 * Which Host a request may name, and which Origin a write may come from: the defence against DNS
 * rebinding. A page on `rebind.attacker.test` whose name the attacker re-points at 127.0.0.1 (or at an
 * intranet address) makes the victim's browser talk to Gatehouse as if it were the attacker's own
 * origin: same-origin reads, an Origin header equal to the Host, no CORS in the way. Only the Host
 * header gives it away, so a request naming any host but ours is refused before anything runs, and
 * writes are judged against the origins we know, never against the request's own Host.
 *
 * Allowed hosts, in every mode:
 * - the host of a configured public origin (APP_ORIGIN, AUTH_URL): the name a deployment is reached by;
 * - `localhost`, `127.0.0.1`, `[::1]` and any other IP literal, with the dashboard's own port. Rebinding
 *   needs a name the attacker controls; a browser sends an IP literal or `localhost` only when the page
 *   itself was loaded from that address, so these cannot be forged by a rebinding page. They keep the
 *   demo working on this machine, `HOSTNAME=0.0.0.0` reached by the machine's address, health checks
 *   by address, and proxies that rewrite Host to the upstream's address.
 * Any other name (a LAN name, a public domain) must be configured in APP_ORIGIN.
 *
 * Pure: no server-only state. Used by the dashboard server (server/dashboard-server.ts), in front of
 * every request, and by the BFF's Origin check (route.ts).
 */
import { isIP } from "node:net";

export interface HostPolicy {
  /** Configured public origins, e.g. "https://gatehouse.example.com" (URL.origin form). */
  configuredOrigins: readonly string[];
  /** The dashboard's own port: loopback names and IP literals are accepted with it only. */
  port: number;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
// Static patterns (never built from input): a DNS name or a bracketed IPv6 literal, with an optional port.
const HOST_PATTERN = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/** The policy from the settings (APP_ORIGIN, AUTH_URL, NEXTAUTH_URL; PORT as set by the dashboard server). */
export function hostPolicyFromEnv(env: Record<string, string | undefined> = process.env): HostPolicy {
  const configuredOrigins: string[] = [];
  for (const value of [env.APP_ORIGIN, env.AUTH_URL, env.NEXTAUTH_URL]) {
    const origin = originOf(value);
    if (origin && !configuredOrigins.includes(origin)) configuredOrigins.push(origin);
  }
  const port = Number(env.PORT);
  return { configuredOrigins, port: Number.isSafeInteger(port) && port > 0 ? port : 3000 };
}

/** "https://x.example" for an http(s) URL, else null (invalid settings are env.ts's to report). */
function originOf(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** A Host that no rebinding page can produce: a loopback name or an IP literal, on our own port. */
function isAddressHost(host: string, port: number): boolean {
  const match = HOST_PATTERN.exec(host);
  if (!match) return false;
  const name = match[1] === undefined ? host : host.slice(0, host.length - match[1].length - 1);
  const hostPort = match[1] === undefined ? 80 : Number(match[1]);
  if (hostPort !== port) return false;
  if (LOOPBACK_NAMES.has(name)) return true;
  return isIP(name.startsWith("[") ? name.slice(1, -1) : name) !== 0;
}

function configuredHosts(policy: HostPolicy): string[] {
  return policy.configuredOrigins.map((origin) => new URL(origin).host);
}

/** Whether a request naming `host` (its Host header) may be served at all. */
export function isAllowedHost(host: string | null | undefined, policy: HostPolicy): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  if (value.length > 300) return false;
  return configuredHosts(policy).includes(value) || isAddressHost(value, policy.port);
}

/**
 * Whether a write carrying `origin` may proceed: a configured origin, or the request's own Host when
 * that Host is a loopback name or IP literal (the demo on this machine, a server reached by address).
 * Never merely "equal to the Host": under rebinding the two match.
 */
export function isAllowedOrigin(origin: string, host: string | null, policy: HostPolicy): boolean {
  if (policy.configuredOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin !== origin || host === null || url.host !== host.trim().toLowerCase()) return false;
  const withPort = url.port === "" ? `${url.hostname}:${url.protocol === "https:" ? 443 : 80}` : url.host;
  return isAddressHost(withPort, policy.port);
}
