import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NextAuthConfig } from "next-auth";
import { appContext } from "./app-context";
import { authConfigFor } from "./auth-config";
import { resetServerEnv } from "./env";
import { setUpBff, type BffTestEnv } from "./test-support";

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
afterEach(() => {
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_ROLE_MAP", "OIDC_NAME"]) delete process.env[name];
  resetServerEnv();
  bff.cleanup();
});

const signIn = (email: string, extra: Record<string, unknown> = {}) =>
  config.callbacks!.signIn!({ user: { email }, account: { provider: "oidc", type: "oidc", providerAccountId: "x" }, profile: { email, email_verified: true, ...extra } } as never);

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
    const users = appContext().users;
    expect(users.findByEmail("boss@corp.example")).toMatchObject({ role: "admin", provider: "oidc", name: "The Boss" });
    expect(users.findByEmail("dev@corp.example")).toMatchObject({ role: "editor", provider: "oidc" });
    expect(users.findByEmail("eve@elsewhere.example")).toBeUndefined();
  });

  it("afterwards the users table decides the role, and the token's subject is our user id", async () => {
    await signIn("dev@corp.example");
    const users = appContext().users;
    const dev = users.findByEmail("dev@corp.example")!;
    await users.update(dev.id, { role: "viewer" });
    expect(await signIn("dev@corp.example")).toBe(true);
    expect(users.findByEmail("dev@corp.example")!.role).toBe("viewer");
    const token = await config.callbacks!.jwt!({
      token: {},
      user: { id: "provider-subject", email: "dev@corp.example" },
      account: { provider: "oidc", type: "oidc", providerAccountId: "provider-subject" },
      profile: { email: "dev@corp.example" },
    } as never);
    expect(token).toMatchObject({ sub: dev.id, email: "dev@corp.example" });
  });

  it("lets credentials users through untouched", async () => {
    const ok = await config.callbacks!.signIn!({ user: { id: bff.userIds.viewer }, account: { provider: "credentials", type: "credentials", providerAccountId: "x" } } as never);
    expect(ok).toBe(true);
  });
});
