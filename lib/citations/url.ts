/**
 * Citation URLs come from model output and web pages: only http(s) may become a link. Anything
 * else (javascript:, data:, relative or malformed) is shown as inert text.
 */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  let parsed: URL;
  try {
    parsed = new URL(raw.trim());
  } catch {
    return null;
  }
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
}

/** The host to show for a URL ("en.wikipedia.org"), or the raw text when it does not parse. */
export function displayHost(raw: string): string {
  try {
    const { hostname } = new URL(raw);
    return hostname.replace(/^www\./, "") || raw;
  } catch {
    return raw;
  }
}

/** Registrable-ish domain for grouping ("docs.example.com" -> "example.com"); good enough for display. */
export function domainOf(raw: string): string {
  const host = displayHost(raw);
  const parts = host.split(".");
  return parts.length > 2 && !/^\d+$/.test(parts[parts.length - 1]) ? parts.slice(-2).join(".") : host;
}
