import "server-only";
import { roleAtLeast, type Role, type SessionUser } from "@/lib/contract/bff/schemas";
import { appContext } from "../config/app-context";
import { HttpError, toErrorResponse } from "./errors";
import { hostPolicyFromEnv, isAllowedOrigin } from "./host-policy";
import { sessionUser } from "../auth/session";
import { bearerOf, inTokenScope, tokenUser } from "../auth/access-tokens";
import { chargeUser, type UserLimitBucket } from "../config/user-limits";

/** A dynamic route's path parameters by name: `RouteParams<"id" | "index">` is `{ id: string; index: string }`. */
export type RouteParams<K extends string> = Record<K, string>;
/** The path parameters of the many routes under an `[id]` folder. */
export type IdParams = RouteParams<"id">;

export interface RouteContext<P> {
  request: Request;
  params: P;
  user: SessionUser;
}

export interface RouteOptions {
  /** The least role allowed. */
  role: Role;
  /** State-changing routes refuse requests whose Origin is not this site (cookie-borne CSRF). */
  mutating?: boolean;
  /** Routes that spend the shared gateway key take one call from this per-user bucket (429 past it). */
  limit?: UserLimitBucket;
}

function checkOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (origin === null) {
    // Browsers send Origin on every non-GET fetch; its absence means a non-browser client or a stripped header.
    throw new HttpError(403, "Missing Origin header: state-changing requests must come from the Gatehouse page");
  }
  // Judged against the configured origin (APP_ORIGIN, AUTH_URL) or an address-like own Host, never merely
  // "equal to the Host": a DNS-rebinding page's Origin and Host agree (host-policy.ts).
  const host = request.headers.get("host") ?? new URL(request.url).host;
  if (!isAllowedOrigin(origin, host, hostPolicyFromEnv())) {
    throw new HttpError(403, "Cross-origin request refused", { metadata: { origin } });
  }
}

/**
 * Who calls: a personal access token (`Authorization: Bearer`, evaluation API only) or else the session cookie.
 * A request that sends a bearer credential is judged by it alone: a wrong, revoked or out-of-scope token is a 401
 * even beside a valid cookie. `bearer` says which it was (bearer requests carry no cookie, so no CSRF check).
 */
async function caller(request: Request): Promise<{ user: SessionUser | null; bearer: boolean }> {
  const token = bearerOf(request.headers);
  if (token === null) return { user: await sessionUser(request.headers), bearer: false };
  if (!inTokenScope(request.url)) throw new HttpError(401, "Personal access tokens are accepted on the evaluation API (/api/evaluations/...) only");
  const user = token === "" ? null : await tokenUser(token);
  if (!user) throw new HttpError(401, "The access token is not valid: it is unknown, malformed or revoked");
  return { user, bearer: true };
}

/** 401 without a valid session or token, 403 below `role`: the first thing every protected route does. */
async function authorize(request: Request, role: Role): Promise<{ user: SessionUser; bearer: boolean }> {
  const { user, bearer } = await caller(request);
  if (!user) throw new HttpError(401, "Sign in to continue: your session is missing or has expired");
  if (!roleAtLeast(user.role, role)) {
    throw new HttpError(403, `This needs the ${role} role; you are signed in as ${user.role}`, {
      metadata: { required_role: role, role: user.role },
    });
  }
  return { user, bearer };
}

/**
 * Wraps a handler: authenticate, check the role, check Origin for writes, take one call from the
 * user's limit bucket when the route names one, then run; anything
 * thrown becomes the contract's error body. Parsing the input is the handler's first step, so an
 * anonymous caller learns nothing about what a valid request looks like.
 */
export function defineRoute<P = Record<string, never>>(
  options: RouteOptions,
  handler: (context: RouteContext<P>) => Promise<Response>,
): (request: Request, context: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    try {
      const { user, bearer } = await authorize(request, options.role);
      // Origin guards cookie-borne requests against CSRF; a bearer token is sent only by code that holds it.
      if (options.mutating && !bearer) checkOrigin(request);
      // Charged once the caller is known and allowed, before the body is read: refused 401s and 403s
      // cost nobody's budget, a 400 does (the request reached us and we did the work of reading it).
      if (options.limit) await chargeUser((await appContext()).db, options.limit, user.id);
      const params = ((await context?.params) ?? {}) as P;
      return await handler({ request, params, user });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
