import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { safeCallbackUrl } from "@/lib/auth/sign-in-schema";
import type { SessionUser } from "@/lib/bff/schemas";
import { PATH_HEADER } from "./security-headers";
import { sessionUser } from "./session";

/** The signed-in user of a page request, or a redirect to sign-in that comes back here afterwards. */
export async function requirePageUser(): Promise<SessionUser> {
  const requestHeaders = await headers();
  const user = await sessionUser(requestHeaders);
  if (!user) {
    const here = requestHeaders.get(PATH_HEADER);
    redirect(here ? `/sign-in?callbackUrl=${encodeURIComponent(safeCallbackUrl(here))}` : "/sign-in");
  }
  return user;
}

/** The signed-in user if any, without redirecting (the sign-in page uses it). */
export async function currentPageUser(): Promise<SessionUser | null> {
  return sessionUser(await headers());
}
