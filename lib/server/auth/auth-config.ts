import "server-only";
// From @auth/core directly (what next-auth re-exports): these do not pull in next/server, so the
// config can be unit-tested outside Next.
import { loggerFor } from "@/lib/observability/logger";
import { CredentialsSignin } from "@auth/core/errors";
import Credentials from "@auth/core/providers/credentials";
import type { NextAuthConfig } from "next-auth";
import { SignInSchema } from "@/lib/contract/bff/sign-in-schema";
import { appContext } from "../config/app-context";
import { clientAddress } from "../http/client-address";
import { serverEnv } from "../config/env";
import { parseRoleMap, roleForEmail } from "./oidc-role-map";
import { SESSION_MAX_AGE_SECONDS, sessionClaims } from "./session";
import { signInThrottle } from "./sign-in-throttle";

const log = loggerFor("auth");

class TooManyAttempts extends CredentialsSignin {
  code = "rate_limited";

  /** The sign-in action tells the user how long to wait; the error travels to it as this object. */
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

export const OIDC_PROVIDER_ID = "oidc";

function providers(): NextAuthConfig["providers"] {
  const env = serverEnv();
  const list: NextAuthConfig["providers"] = [
    Credentials({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = SignInSchema.safeParse(raw);
        if (!parsed.success) return null;
        const { email, password } = parsed.data;
        const context = await appContext();
        // Reserved before the hash: a failure needs no second write, and a refusal costs no scrypt.
        const attempt = await signInThrottle(context.db).attempt(email, clientAddress(request.headers));
        if (!attempt.allowed) throw new TooManyAttempts(attempt.retryAfterSeconds);
        const user = await context.users.verifyCredentials(email, password);
        if (!user) return null;
        await attempt.succeeded();
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    list.push({
      id: OIDC_PROVIDER_ID,
      name: env.OIDC_NAME ?? "Single sign-on",
      type: "oidc",
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      checks: ["pkce", "state", "nonce"],
      authorization: { params: { scope: "openid email profile" } },
    });
  }
  return list;
}

/**
 * The email an OIDC provider vouches for, or null. Only `email_verified: true` counts: a provider that
 * omits the claim, or sends "true" as text, has not said it checked the address, and an unchecked address
 * is one anybody can type in.
 */
function verifiedEmail(profile: Record<string, unknown> | undefined): string | null {
  const email = typeof profile?.email === "string" ? profile.email.trim().toLowerCase() : "";
  if (!email || profile?.email_verified !== true) return null;
  return email;
}

/** The sign-in page's ?error= code for an OIDC sign-in refused because a password account has the email. */
export const OIDC_PASSWORD_ACCOUNT_ERROR = "OidcPasswordAccount";

function buildAuthConfig(): NextAuthConfig {
  const env = serverEnv();
  const roleRules = env.OIDC_ROLE_MAP ? parseRoleMap(env.OIDC_ROLE_MAP) : [];
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    // JWT sessions: any app instance holding AUTH_SECRET can read them, no session table to share.
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: providers(),
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        const email = verifiedEmail(profile as Record<string, unknown> | undefined);
        if (!email) return false;
        const context = await appContext();
        const existing = await context.users.findByEmail(email);
        if (existing) {
          if (existing.provider === "oidc" || env.OIDC_LINK_PASSWORD_ACCOUNTS) return true;
          // A password account with this address: signing in as it takes the password, unless linking is on.
          return `/sign-in?error=${OIDC_PASSWORD_ACCOUNT_ERROR}`;
        }
        // First sign-in: OIDC_ROLE_MAP decides; afterwards the users table does (admins can change it).
        const role = roleForEmail(roleRules, email);
        if (!role) return false;
        const name = typeof profile?.name === "string" && profile.name.trim() ? profile.name : undefined;
        await context.users.create({ email, name, role, provider: "oidc" });
        return true;
      },
      async jwt({ token, user, account, profile }) {
        if (!account) return token;
        // Sign-in: the token's subject is our users-table id, whatever the provider calls the user.
        const context = await appContext();
        const email = account.provider === OIDC_PROVIDER_ID ? verifiedEmail(profile as Record<string, unknown>) : user?.email;
        const stored = email ? await context.users.findByEmail(email) : undefined;
        if (!stored) return { sub: user?.id, email: null, name: null };
        // sid and ver let one session, or all of the user's, be ended before they expire (session.ts).
        return { sub: stored.id, email: stored.email, name: stored.name, ...sessionClaims(stored.sessionVersion) };
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.sub ?? "" } };
      },
    },
    events: {
      async signOut(message) {
        // Signing out ends this session for good, not just in this browser: a copied cookie stops too.
        const token = "token" in message ? message.token : null;
        if (typeof token?.sid !== "string") return;
        const context = await appContext();
        const expires = typeof token.exp === "number" ? token.exp * 1000 : Date.now() + SESSION_MAX_AGE_SECONDS * 1000;
        await context.users.revokeSession(token.sid, expires);
      },
    },
    logger: {
      error(error) {
        // A wrong password is not a server error; everything else is worth a log line.
        if ((error as { type?: string }).type === "CredentialsSignin") return;
        log.error({ err: error }, "Auth.js error");
      },
      warn(code) {
        if (code !== "debug-enabled") log.warn({ code }, "Auth.js warning");
      },
    },
  };
}

let cached: NextAuthConfig | undefined;

export function authConfig(): NextAuthConfig {
  cached ??= buildAuthConfig();
  return cached;
}

/** A fresh config from the current settings (tests change them between cases). */
export function authConfigFor(): NextAuthConfig {
  return buildAuthConfig();
}

/** Whether the sign-in page offers single sign-on, and under which name. */
export function oidcProviderName(): string | null {
  const env = serverEnv();
  return env.OIDC_ISSUER ? (env.OIDC_NAME ?? "Single sign-on") : null;
}
