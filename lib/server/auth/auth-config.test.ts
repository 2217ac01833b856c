import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NextAuthConfig } from "next-auth";
import { appContext } from "../config/app-context";
import { authConfigFor } from "./auth-config";
import { resetServerEnv } from "../config/env";
import { setUpBff, type BffTestEnv } from "../testing/test-support";

let bff: BffTestEnv;
let config: NextAuthConfig;

beforeEach(async () => {
  bff = await setUpBff(
    { baseUrl: "http://127.0.0.1:9/api/v1", apiKey: "k" },
    {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "gatehouse",
      OIDC_CLIENT_SECRET: "s3cret",
      OIDC_ROLE_MAP: "boss@corp.example=admin,*@corp.example=editor",
      OIDC_NAME: "Corp SSO",
    },
  );
  config = authConfigFor();
});
afterEach(async () => {
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_ROLE_MAP", "OIDC_NAME", "OIDC_LINK_PASSWORD_ACCOUNTS"]) delete process.env[name];
  resetServerEnv();
  await bff.cleanup();
});

/** An OIDC sign-in through the config's signIn callback, as Auth.js calls it after the provider answered. */
const signInWith = (settings: NextAuthConfig, email: string, extra: Record<string, unknown> = {}) =>
  settings.callbacks!.signIn!({ user: { email }, account: { provider: "oidc", type: "oidc", providerAccountId: "x" }, profile: { email, email_verified: true, ...extra } } as never);
const signIn = (email: string, extra: Record<string, unknown> = {}) => signInWith(config, email, extra);

describe("OIDC sign-in", () => {
  it("offers the provider under its configured name", () => {
    // Auth.js merges a provider's options over its defaults when it starts.
    const ids = config.providers
      .map((p) => (typeof p === "function" ? p() : p))
      .map((p) => {
        const options = (p as { options?: { id?: string; name?: string } }).options;
        return `${options?.id ?? p.id}:${options?.name ?? p.name}`;
      });
    expect(ids).toEqual(["credentials:Email and password", "oidc:Corp SSO"]);
  });

  it("creates the account on first sign-in with the mapped role; unmapped or unverified emails are refused", async () => {
    expect(await signIn("boss@corp.example", { name: "The Boss" })).toBe(true);
    expect(await signIn("dev@corp.example")).toBe(true);
    expect(await signIn("eve@elsewhere.example")).toBe(false);
    expect(await signIn("liar@corp.example", { email_verified: false })).toBe(false);
    const { users } = await appContext();
    expect(await users.findByEmail("boss@corp.example")).toMatchObject({ role: "admin", provider: "oidc", name: "The Boss" });
    expect(await users.findByEmail("dev@corp.example")).toMatchObject({ role: "editor", provider: "oidc" });
    expect(await users.findByEmail("eve@elsewhere.example")).toBeUndefined();
  });

  it("afterwards the users table decides the role, and the token's subject is our user id", async () => {
    await signIn("dev@corp.example");
    const { users } = await appContext();
    const dev = (await users.findByEmail("dev@corp.example"))!;
    await users.update(dev.id, { role: "viewer" });
    expect(await signIn("dev@corp.example")).toBe(true);
    expect((await users.findByEmail("dev@corp.example"))!.role).toBe("viewer");
    const token = await config.callbacks!.jwt!({
      token: {},
      user: { id: "provider-subject", email: "dev@corp.example" },
      account: { provider: "oidc", type: "oidc", providerAccountId: "provider-subject" },
      profile: { email: "dev@corp.example", email_verified: true },
    } as never);
    // The lower role ended the sessions of before (version 1 -> 2); the new one carries version 2.
    expect(token).toMatchObject({ sub: dev.id, email: "dev@corp.example", sid: expect.any(String), ver: 2 });
  });

  it("accepts an email only when the provider says email_verified: true", async () => {
    // Absent, or "true" as text: the provider has not vouched for the address.
    expect(await signIn("dev@corp.example", { email_verified: undefined })).toBe(false);
    expect(await signIn("dev@corp.example", { email_verified: "true" })).toBe(false);
    expect(await signIn("dev@corp.example", { email_verified: 1 })).toBe(false);
    expect(await (await appContext()).users.findByEmail("dev@corp.example")).toBeUndefined();
    expect(await signIn("dev@corp.example", { email_verified: true })).toBe(true);
  });

  it("never signs into an existing password account through OIDC unless linking is allowed", async () => {
    // editor@test.local is a password account (test-support); a provider asserting that email is refused.
    const rule = "*@test.local=viewer";
    process.env.OIDC_ROLE_MAP = rule;
    resetServerEnv();
    const refused = await signInWith(authConfigFor(), "editor@test.local");
    expect(refused).toBe("/sign-in?error=OidcPasswordAccount");
    expect(await (await appContext()).users.findByEmail("editor@test.local")).toMatchObject({ provider: "credentials", role: "editor" });

    process.env.OIDC_LINK_PASSWORD_ACCOUNTS = "1";
    resetServerEnv();
    const linked = await signInWith(authConfigFor(), "editor@test.local");
    expect(linked).toBe(true);
  });

  it("lets credentials users through untouched, with a session id and the user's session version", async () => {
    const ok = await config.callbacks!.signIn!({ user: { id: bff.userIds.viewer }, account: { provider: "credentials", type: "credentials", providerAccountId: "x" } } as never);
    expect(ok).toBe(true);
    const jwt = (email: string) =>
      config.callbacks!.jwt!({ token: {}, user: { id: bff.userIds.viewer, email }, account: { provider: "credentials", type: "credentials", providerAccountId: "x" } } as never);
    const first = await jwt("viewer@test.local");
    const second = await jwt("viewer@test.local");
    expect(first).toMatchObject({ sub: bff.userIds.viewer, ver: 1, sid: expect.any(String) });
    expect(second?.sid).not.toBe(first?.sid);
  });
});
