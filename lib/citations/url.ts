const CACHE_LIMIT = 2000;
const safeCache = new Map<string, string | null>();
const hostCache = new Map<string, string>();

/** URL parsing is not free and the same few URLs are asked about on every streamed delta. */
function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Citation URLs come from model output and web pages: only http(s) may become a link. Anything
 * else (javascript:, data:, relative or malformed) is shown as inert text.
 */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== "string" || raw.trim() === "") return null;
  const cached = safeCache.get(raw);
  if (cached !== undefined) return cached;
  return remember(safeCache, raw, parseSafe(raw));
}

function parseSafe(raw: string): string | null {
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
  const cached = hostCache.get(raw);
  if (cached !== undefined) return cached;
  return remember(hostCache, raw, parseHost(raw));
}

function parseHost(raw: string): string {
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
