import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { appContext, closeAppContexts } from "../config/app-context";
import { PEER_HEADER, PEER_HEADER_ENV } from "../http/client-address";
import { resetServerEnv } from "../config/env";
import { APP_DB_DIALECTS } from "@/lib/testing/postgres-database";
import { setUpBff, type BffTestEnv } from "../testing/test-support";
import { addressBucket } from "./sign-in-throttle";

/**
 * Through the Credentials provider's authorize(), the way Auth.js calls it, against the real app
 * database: what matters is how many guesses reach the password check and when they are refused.
 */

const SETTINGS = ["SIGN_IN_MAX_FAILURES_PER_CLIENT", "SIGN_IN_MAX_FAILURES_PER_EMAIL", "SIGN_IN_MAX_FAILURES_PER_ADDRESS", "SIGN_IN_WINDOW_SECONDS", "TRUST_PROXY_HOPS", PEER_HEADER_ENV];
const PER_CLIENT = 5;
const PER_EMAIL = 12;
const PER_ADDRESS = 15;
const TARGET = "viewer@test.local";
const TARGET_PASSWORD = "viewer-password";

let bff: BffTestEnv;

type Authorize = (credentials: Record<string, unknown>, request: Request) => Promise<unknown>;

/** A fresh module graph each call: another app instance (or a restart) that shares only the database. */
async function freshAuthorize(): Promise<Authorize> {
  vi.resetModules();
  const { authConfigFor } = await import("./auth-config");
  const provider = authConfigFor()
    .providers.map((p) => (typeof p === "function" ? p() : p))
    .find((p) => p.id === "credentials") as unknown as { options: { authorize: Authorize } };
  return provider.options.authorize;
}

function signInRequest(address: string | null): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (address !== null) headers.set(PEER_HEADER, address);
  return new Request("http://localhost:3000/api/auth/callback/credentials", { method: "POST", headers });
}

/** null: wrong password; "refused": the throttle said no (with how long to wait); else the user. */
async function attempt(authorize: Authorize, email: string, password: string, address: string | null = "203.0.113.7") {
  try {
    return (await authorize({ email, password }, signInRequest(address))) as { id: string } | null;
  } catch (error) {
    if ((error as { code?: string }).code === "rate_limited") return { refused: (error as { retryAfterSeconds?: number }).retryAfterSeconds };
    throw error;
  }
}

/**
 * Counts password checks. Wrong passwords are answered without scrypt (what is measured here is the
 * throttle's bookkeeping, and a loaded test machine takes seconds per hash); the right one is checked
 * for real. `fake` replaces every check.
 */
async function countPasswordChecks(fake?: () => Promise<null>) {
  const { users } = await appContext();
  const real = users.verifyCredentials.bind(users);
  return vi
    .spyOn(users, "verifyCredentials")
    .mockImplementation(fake ?? (async (email: string, password: string) => (password === TARGET_PASSWORD ? real(email, password) : null)));
}

describe.each(APP_DB_DIALECTS)("sign-in throttle on %s", (dialect) => {
  beforeEach(async () => {
    for (const name of SETTINGS) delete process.env[name];
    bff = await setUpBff(
      { baseUrl: "http://127.0.0.1:9/api/v1", apiKey: "k" },
      {
        SIGN_IN_MAX_FAILURES_PER_CLIENT: String(PER_CLIENT),
        SIGN_IN_MAX_FAILURES_PER_EMAIL: String(PER_EMAIL),
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
        SIGN_IN_WINDOW_SECONDS: "900",
        // Requests below carry the peer header as Gatehouse's own server writes it.
        [PEER_HEADER_ENV]: "1",
      },
      { database: dialect },
    );
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const name of SETTINGS) delete process.env[name];
    resetServerEnv();
    await bff.cleanup();
  });

  it("30 parallel wrong passwords for one email from one address: at most the per-client limit reach the password check", async () => {
    const authorize = await freshAuthorize();
    const checks = await countPasswordChecks();
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(authorize, TARGET, `wrong-${i}`, "203.0.113.7")));
    expect(checks.mock.calls.length).toBeLessThanOrEqual(PER_CLIENT);
    expect(outcomes.filter((o) => o === null)).toHaveLength(PER_CLIENT);
    expect(outcomes.filter((o) => o !== null && "refused" in o)).toHaveLength(30 - PER_CLIENT);
    // From there the right password is refused too, and the wait is the window's: the page says so.
    const blocked = await attempt(authorize, TARGET, TARGET_PASSWORD, "203.0.113.7");
    expect(blocked).toMatchObject({ refused: expect.any(Number) });
    expect((blocked as { refused: number }).refused).toBeGreaterThan(800);
    expect((blocked as { refused: number }).refused).toBeLessThanOrEqual(900);
  });

  it("30 parallel wrong passwords for one email from 30 addresses: at most the email's ceiling reach the password check", async () => {
    const authorize = await freshAuthorize();
    const checks = await countPasswordChecks();
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(authorize, TARGET, `wrong-${i}`, `198.51.100.${i + 1}`)));
    expect(checks.mock.calls.length).toBeLessThanOrEqual(PER_EMAIL);
    expect(outcomes.filter((o) => o === null)).toHaveLength(PER_EMAIL);
    expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "198.51.100.99")).toMatchObject({ refused: expect.any(Number) });
  });

  it("anonymous wrong passwords from one address never lock the owner out from another", async () => {
    const authorize = await freshAuthorize();
    await countPasswordChecks();
    // More than every per-email limit this throttle ever had, all from the attacker's address.
    for (let i = 0; i < PER_EMAIL + 5; i++) await attempt(authorize, TARGET, `wrong-${i}`, "203.0.113.66");
    expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "203.0.113.66")).toMatchObject({ refused: expect.any(Number) });
    expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "192.0.2.1")).toMatchObject({ id: bff.userIds.viewer });
  });

  it("keeps its counts in the app database: a restarted or second instance still refuses", async () => {
    const first = await freshAuthorize();
    await countPasswordChecks();
    for (let i = 0; i < PER_CLIENT; i++) expect(await attempt(first, TARGET, `wrong-${i}`, "198.51.100.50")).toBeNull();
    await closeAppContexts();
    resetServerEnv();
    const second = await freshAuthorize();
    expect(await attempt(second, TARGET, TARGET_PASSWORD, "198.51.100.50")).toMatchObject({ refused: expect.any(Number) });
  });

  it("a success clears that client's failures for the email", async () => {
    const authorize = await freshAuthorize();
    await countPasswordChecks();
    // Address unknown: such callers share one (email, unknown) count.
    for (let i = 0; i < PER_CLIENT - 1; i++) expect(await attempt(authorize, TARGET, `wrong-${i}`, null)).toBeNull();
    expect(await attempt(authorize, TARGET, TARGET_PASSWORD, null)).toMatchObject({ id: bff.userIds.viewer });
    // A full allowance again.
    for (let i = 0; i < PER_CLIENT; i++) expect(await attempt(authorize, TARGET, `again-${i}`, null)).toBeNull();
    expect(await attempt(authorize, TARGET, TARGET_PASSWORD, null)).toMatchObject({ refused: expect.any(Number) });
  });

  // The counting rules do not depend on the store: they run once, on SQLite. What the store decides
  // (parallel attempts reserved atomically, counts shared by instances and restarts, clearing) runs on both.
  if (dialect === "sqlite") {
    it("limits failures per client address across many emails, and only for that address", async () => {
      const authorize = await freshAuthorize();
      const checks = await countPasswordChecks();
      for (let i = 0; i < PER_ADDRESS; i++) expect(await attempt(authorize, `nobody-${i}@test.local`, "x", "203.0.113.7")).toBeNull();
      expect(checks.mock.calls.length).toBe(PER_ADDRESS);
      // Past the limit even a real user's right password is refused from there, before any hashing...
      expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "203.0.113.7")).toMatchObject({ refused: expect.any(Number) });
      expect(checks.mock.calls.length).toBe(PER_ADDRESS);
      // ...and the email it tried was not charged: from elsewhere it signs in.
      expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "192.0.2.1")).toMatchObject({ id: bff.userIds.viewer });
    });

    it("spraying 20,000 made-up emails does not reset a target email's count", { timeout: 60_000 }, async () => {
      const authorize = await freshAuthorize();
      await countPasswordChecks();
      for (let i = 0; i < PER_CLIENT; i++) expect(await attempt(authorize, TARGET, `wrong-${i}`, null)).toBeNull();
      // A cheap stand-in for the hash: this is about the throttle's bookkeeping, not scrypt.
      await countPasswordChecks(async () => null);
      for (let i = 0; i < 20_000; i++) await attempt(authorize, `spray-${i}@made-up.example`, "x", null);
      expect(await attempt(authorize, TARGET, TARGET_PASSWORD, null)).toMatchObject({ refused: expect.any(Number) });
    });

    it("counts an IPv6 client's whole /64 as one address", async () => {
      const authorize = await freshAuthorize();
      await countPasswordChecks(async () => null);
      for (let i = 0; i < PER_ADDRESS; i++) await attempt(authorize, `nobody-${i}@test.local`, "x", `2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(await attempt(authorize, "another@test.local", "x", "2001:db8:1:2:ffff::1")).toMatchObject({ refused: expect.any(Number) });
      expect(await attempt(authorize, "another@test.local", "x", "2001:db8:1:3::1")).toBeNull();
    });

    it("successes from one address (an office behind NAT) never add up to a lockout", { timeout: 60_000 }, async () => {
      const authorize = await freshAuthorize();
      await countPasswordChecks();
      for (let i = 0; i < PER_ADDRESS + 5; i++) expect(await attempt(authorize, TARGET, TARGET_PASSWORD, "203.0.113.9")).toMatchObject({ id: bff.userIds.viewer });
    });
  }
});

describe("addressBucket", () => {
  it("keeps IPv4 addresses whole and folds IPv6 to its /64", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("2001:0db8:0001:0002:0000:0000:0000:0001")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::abcd")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
