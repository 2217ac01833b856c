/**
 * One shared copy of strings that repeat across rows. JSON.parse gives every row its own "application/pdf" and
 * "file"; with 200,000 rows loaded that is megabytes of identical strings. Only short, low-variety fields go
 * through here (types), never ids or names. Capped so a pathological upstream cannot grow it without bound.
 */
export function createInterner(limit = 1000): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    const existing = seen.get(value);
    if (existing !== undefined) return existing;
    if (seen.size < limit) seen.set(value, value);
    return value;
  };
}

const shared = createInterner();

/** Rewrites a page's repeated fields in place to their shared copies; returns the page. */
export function internFileStrings<P extends { data: { type: string; mime_type: string }[] }>(page: P): P {
  for (const file of page.data) {
    file.type = shared(file.type);
    file.mime_type = shared(file.mime_type);
  }
  return page;
}
