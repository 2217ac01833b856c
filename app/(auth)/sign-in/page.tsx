import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackUrl } from "@/lib/contract/bff/sign-in-schema";
import { appContext } from "@/lib/server/config/app-context";
import { OIDC_PASSWORD_ACCOUNT_ERROR, oidcProviderName } from "@/lib/server/auth/auth-config";
import { isLoopbackRequest } from "@/lib/server/http/client-address";
import { currentPageUser } from "@/lib/server/auth/page-session";

export const metadata: Metadata = { title: "Sign in" };

/** Auth.js sends people back here with ?error=<type>; say what happened in words. */
const AUTH_ERRORS: Record<string, string> = {
  AccessDenied: "Your account is not allowed into this Gatehouse. Ask an administrator to add you.",
  Verification: "That sign-in link has expired. Try again.",
  Configuration: "Sign-in is misconfigured on the server. Ask your administrator.",
  OAuthSignin: "Could not reach the single sign-on provider. Try again.",
  OAuthCallbackError: "The single sign-on provider refused the sign-in. Try again.",
  CredentialsSignin: "Email or password is incorrect.",
  [OIDC_PASSWORD_ACCOUNT_ERROR]:
    "This email already signs in with a password here. Sign in with your password; an administrator can allow single sign-on for such accounts.",
};

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  if (await currentPageUser()) redirect(callbackUrl);

  const context = await appContext();
  const error = typeof params.error === "string" ? (AUTH_ERRORS[params.error] ?? "Signing in failed. Try again.") : null;
  // The demo password opens an admin account: only someone at this machine may read it.
  const showDemo = context.demo !== null && (await context.users.hasDemoUsers()) && isLoopbackRequest(await headers());
  const demo = showDemo && context.demo
    ? { password: context.demo.password, emails: ["admin@demo.local", "editor@demo.local", "viewer@demo.local"] }
    : null;

  return (
    <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-6 flex items-center gap-2">
        <span aria-hidden className="inline-block h-7 w-7 rounded-md bg-brand-600 text-center text-sm leading-7 text-white">
          G
        </span>
        <h1 className="text-xl font-semibold tracking-tight">Sign in to Gatehouse</h1>
      </div>
      <SignInForm callbackUrl={callbackUrl} initialError={error} oidcName={oidcProviderName()} demo={demo} />
    </div>
  );
}
