"use server";

import { AuthError, CredentialsSignin } from "next-auth";
import { signIn, signOut } from "@/auth";
import { formatWait } from "@/lib/format/time";
import { OIDC_PROVIDER_ID } from "@/lib/server/auth/auth-config";
import { safeCallbackUrl, SignInSchema } from "@/lib/contract/bff/sign-in-schema";
import { loggerFor } from "@/lib/observability/logger";

const log = loggerFor("auth");

export interface SignInResult {
  error: string;
}

/** Signs in with email and password; on success it redirects (throws Next's redirect), else returns why not. */
export async function signInWithPassword(values: unknown, callbackUrl: string): Promise<SignInResult | undefined> {
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) return { error: "Enter your email address and password." };
  try {
    await signIn("credentials", { ...parsed.data, redirectTo: safeCallbackUrl(callbackUrl) });
  } catch (error) {
    if (error instanceof CredentialsSignin) {
      if (error.code !== "rate_limited") return { error: "Email or password is incorrect." };
      // TooManyAttempts (lib/server/auth/auth-config.ts) says how long the throttle's window still runs.
      const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      return {
        error:
          typeof wait === "number"
            ? `Too many failed sign-in attempts. Wait ${formatWait(wait)}, then try again.`
            : "Too many failed sign-in attempts. Wait a while, then try again.",
      };
    }
    if (error instanceof AuthError) {
      log.error({ err: error }, "sign-in failed");
      return { error: "Signing in failed on the server. Try again, or ask your administrator." };
    }
    throw error; // Next's redirect on success
  }
  return undefined;
}

export async function signInWithOidc(callbackUrl: string): Promise<void> {
  await signIn(OIDC_PROVIDER_ID, { redirectTo: safeCallbackUrl(callbackUrl) });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
