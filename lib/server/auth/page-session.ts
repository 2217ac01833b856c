import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { safeCallbackUrl } from "@/lib/contract/bff/sign-in-schema";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { PATH_HEADER } from "../http/security-headers";
import { sessionUser } from "./session";

/**
 * The session of this page request, checked once: the dashboard layout and the page both ask (they render in
 * parallel), and React's request-scoped cache gives the second the first one's answer instead of another token
 * decode and user lookup. A new request (the next navigation) checks again, so revocation still applies at once.
 */
const requestUser = cache(async (): Promise<SessionUser | null> => sessionUser(await headers()));

/** The signed-in user of a page request, or a redirect to sign-in that comes back here afterwards. */
export async function requirePageUser(): Promise<SessionUser> {
  const requestHeaders = await headers();
  const user = await requestUser();
  if (!user) {
    const here = requestHeaders.get(PATH_HEADER);
    redirect(here ? `/sign-in?callbackUrl=${encodeURIComponent(safeCallbackUrl(here))}` : "/sign-in");
  }
  return user;
}

/** The signed-in user if any, without redirecting (the sign-in page uses it). */
export function currentPageUser(): Promise<SessionUser | null> {
  return requestUser();
}
