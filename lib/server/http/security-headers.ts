/** Header through which the dashboard layout learns the page it guards (for the sign-in round trip). */
export const PATH_HEADER = "x-gatehouse-path";

/**
 * The page security headers (pure: proxy.ts runs it per request). Scripts run only with this
 * request's nonce ('strict-dynamic' lets Next's nonce'd loader pull in its chunks); styles allow
 * inline because React and Radix set style attributes, which nonces cannot cover.
 */
export function contentSecurityPolicy(nonce: string, options: { dev?: boolean; formActions?: string[] } = {}): string {
  const { dev = false, formActions = [] } = options;
  return [
    "default-src 'self'",
    // React's dev build evaluates code for its stack traces; production never needs eval.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${formActions.map((origin) => ` ${origin}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
