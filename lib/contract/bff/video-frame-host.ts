/**
 * Which https frame URLs the BFF forwards to the gateway: only those on a public host name. The gateway
 * fetches the image itself, from inside whatever network it runs in, so an address like
 * https://169.254.169.254/ (cloud metadata) or https://printer.local/ would turn it into our proxy into
 * that network. Pure (the form's schema uses it too); the host is judged as the WHATWG URL parser
 * serialises it, which is what the gateway's own fetch sees.
 */

/** Names that never resolve on the public internet, each with its subdomains (RFC 6761, 6762, 8375; cloud metadata). */
const RESERVED_NAMES = ["localhost", "local", "internal", "home.arpa"] as const;

function isReserved(host: string): boolean {
  return RESERVED_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}

/** A label of digits only: as the last label, the parser took the host for an IPv4 address. */
function isDigits(label: string): boolean {
  return label.length > 0 && [...label].every((char) => char >= "0" && char <= "9");
}

/**
 * Why an https URL may not be a frame image's address (null when it may): IP literals (IPv6 in
 * brackets; IPv4 in any spelling, since the parser turns 2130706433, 0x7f.1 and 0177.0.0.1 into
 * dotted decimal), reserved and single-label names, and credentials in the URL (the history shows
 * every frame URL to every viewer). Other schemes are not judged here.
 */
export function frameHostProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "is not a valid URL";
  }
  if (parsed.protocol !== "https:") return null;
  if (parsed.username !== "" || parsed.password !== "") return "must not carry a user name or password";
  const host = parsed.hostname.toLowerCase();
  const name = host.endsWith(".") ? host.slice(0, -1) : host;
  const labels = name.split(".");
  if (name.startsWith("[") || isDigits(labels[labels.length - 1])) {
    return "must name a public host, not an IP address (the gateway fetches it from inside its network)";
  }
  if (labels.length < 2) return `must name a public host: ${name} is a single-label name, reachable only inside a network`;
  if (isReserved(name)) return `must name a public host: ${name} is a reserved name, reachable only inside a network`;
  return null;
}
