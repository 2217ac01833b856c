import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce, PAGE_SECURITY_HEADERS, PATH_HEADER } from "@/lib/server/http/security-headers";

const PUBLIC_PAGES = new Set(["/sign-in"]);

function hasSessionCookie(request: NextRequest): boolean {
  return request.cookies.getAll().some(({ name }) => /^(__Secure-)?authjs\.session-token(\.\d+)?$/.test(name));
}

function oidcOrigin(): string[] {
  try {
    return process.env.OIDC_ISSUER ? [new URL(process.env.OIDC_ISSUER).origin] : [];
  } catch {
    return [];
  }
}

/**
 * Runs before every page (not /api, not static files): a fresh CSP nonce that Next puts on its
 * own scripts (it reads the request's Content-Security-Policy header), the other security
 * headers, and a quick redirect to sign-in when there is no session cookie at all. The cookie is
 * verified by the dashboard layout; this is only the cheap first check.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (!PUBLIC_PAGES.has(pathname) && !hasSessionCookie(request)) {
    const url = request.nextUrl.clone();
    url.pathname = "/sign-in";
    url.search = "";
    if (pathname !== "/") url.searchParams.set("callbackUrl", `${pathname}${search}`);
    return withSecurityHeaders(NextResponse.redirect(url), contentSecurityPolicy(createNonce()));
  }

  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development", formActions: oidcOrigin() });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set(PATH_HEADER, `${pathname}${search}`);
  return withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }), csp);
}

function withSecurityHeaders(response: NextResponse, csp: string): NextResponse {
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: [
    // Everything but the API (own headers; its bodies must not be cloned for a proxy), Next's build
    // assets, and the real static files by name (app/icon.svg and what public/ holds; proxy.test.ts
    // checks the list against the folders). Excluding by file extension instead let `/presets/x.png`
    // render the editor without a CSP or frame-ancestors. Kept literal: Next reads it at build time.
    "/((?!api/|_next/static/|_next/image|favicon\\.ico$|icon\\.svg$|apple-icon\\.png$|robots\\.txt$|logo\\.svg$).*)",
  ],
};
