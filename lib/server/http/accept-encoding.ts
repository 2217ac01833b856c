/**
 * Whether an Accept-Encoding header allows `coding`: listed without `q=0`, or `*` with a non-zero q and
 * `coding` not refused by name (RFC 9110 §12.5.3). No server-only import: the dashboard server uses it
 * outside Next's bundles.
 */
export function acceptsEncoding(header: string | string[] | undefined, coding: string): boolean {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return false;
  let wildcard: number | undefined;
  for (const part of value.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
    const quality = Number.isFinite(q) ? q : 0;
    if (name.trim() === coding) return quality > 0;
    if (name.trim() === "*") wildcard = quality;
  }
  return wildcard !== undefined && wildcard > 0;
}
