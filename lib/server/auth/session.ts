import "server-only";
import { addToLogContext } from "@/lib/observability/log-context";
import { randomUUID } from "node:crypto";
import { decode, encode, type JWT } from "next-auth/jwt";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { serverEnv } from "../config/env";

export const SESSION_COOKIE = "authjs.session-token";
const SECURE_SESSION_COOKIE = "__Secure-authjs.session-token";
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** Auth.js splits large tokens into name.0, name.1, ...; ours are small but read both forms. */
function cookieValue(cookies: Map<string, string>, name: string): string | undefined {
  const whole = cookies.get(name);
  if (whole) return whole;
  const chunks: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
  return chunks.length > 0 ? chunks.join("") : undefined;
}

/**
 * Tokens already opened, so a browser's every request does not pay for key derivation and
 * decryption again (about a millisecond, the largest part of the BFF's own time on a request).
 * Only tokens that decrypted are kept, keyed by secret and cookie too; expiry is checked on use.
 */
const DECODED_CACHE_SIZE = 1000;
const decodedTokens = new Map<string, JWT>();

function remember(key: string, token: JWT): void {
  if (decodedTokens.size >= DECODED_CACHE_SIZE) decodedTokens.delete(decodedTokens.keys().next().value!);
  decodedTokens.set(key, token);
}

function unexpired(token: JWT): boolean {
  return typeof token.exp !== "number" || token.exp * 1000 > Date.now();
}

/** The decoded session token from a request's cookies, or null (absent, expired, forged). */
export async function readSessionToken(headers: Headers): Promise<JWT | null> {
  const cookies = parseCookies(headers.get("cookie"));
  const secret = serverEnv().AUTH_SECRET;
  for (const name of [SECURE_SESSION_COOKIE, SESSION_COOKIE]) {
    const token = cookieValue(cookies, name);
    if (!token) continue;
    const key = `${secret}\u0000${name}\u0000${token}`;
    const known = decodedTokens.get(key);
    if (known) {
      if (unexpired(known)) return known;
      decodedTokens.delete(key);
      continue;
    }
    try {
      const decoded = await decode({ token, secret, salt: name });
      if (decoded && unexpired(decoded)) {
        remember(key, decoded);
        return decoded;
      }
    } catch {
      // A token sealed with another secret, or garbage: no session.
    }
  }
  return null;
}

/** What a Gatehouse session token carries besides Auth.js's own claims (auth-config.ts seals them). */
export interface SessionClaims {
  /** This session's id, the same for its whole life (Auth.js's jti changes each time the cookie is renewed). */
  sid: string;
  /** The user's session_version when they signed in. */
  ver: number;
}

export function sessionClaims(sessionVersion: number): SessionClaims {
  return { sid: randomUUID(), ver: sessionVersion };
}

/**
 * The signed-in user of a request. The token only says who signed in; whether the session still stands
 * and the role come from the app database on every request: a removal, a lower role, a new password, a
 * sign-out (of this session or everywhere) each end it at once, on every instance sharing the database.
 */
export async function sessionUser(headers: Headers): Promise<SessionUser | null> {
  const token = await readSessionToken(headers);
  if (!token?.sub || typeof token.sid !== "string" || typeof token.ver !== "number") return null;
  const { users } = await appContext();
  const user = await users.findSessionUser(token.sub, token.sid, token.ver);
  if (!user) return null;
  // Every later log line of this request names who made it.
  addToLogContext({ user_id: user.id });
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}

/** A session cookie for `userId`, exactly as Auth.js would seal it (tests and benchmarks sign in with it). */
export async function mintSessionCookie(userId: string, options: { secure?: boolean } = {}): Promise<string> {
  const name = options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  const user = await (await appContext()).users.findById(userId);
  const token = await encode({
    token: { sub: userId, email: user?.email, name: user?.name, ...sessionClaims(user?.sessionVersion ?? 1) },
    secret: serverEnv().AUTH_SECRET,
    salt: name,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  return `${name}=${token}`;
}
