/**
 * Hostnames in allow / deny lists ("example.com"), as people type them: trimmed, lowercased, a
 * leading `www.` and a trailing dot dropped; a scheme, path, port or wildcard is refused with a
 * message rather than guessed at.
 */
/** @public API of lib/evaluations for the runner, pages and CLI. */
export const HOSTNAME_MAX_LENGTH = 253;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export type HostnameResult = { ok: true; value: string } | { ok: false; message: string };

export function normalizeHostname(raw: string): HostnameResult {
  let host = raw.trim().toLowerCase();
  if (host.includes("://") || host.includes("/")) return { ok: false, message: `"${raw.trim()}" must be a hostname like example.com (no scheme or path)` };
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.startsWith("www.")) host = host.slice(4);
  // Internationalised names are compared in their ASCII (punycode) form, as URLs carry them.
  if (/[^\x00-\x7f]/.test(host)) {
    try {
      host = new URL(`http://${host}`).hostname;
    } catch {
      return { ok: false, message: `"${raw.trim()}" is not a valid hostname` };
    }
  }
  if (host.length === 0 || host.length > HOSTNAME_MAX_LENGTH) return { ok: false, message: `"${raw.trim()}" is not a valid hostname` };
  const labels = host.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) {
    return { ok: false, message: `"${raw.trim()}" is not a valid hostname (expected something like example.com)` };
  }
  return { ok: true, value: host };
}
