import "server-only";
import { createHash } from "node:crypto";
import type { AppDb } from "./app-db";
import { serverEnv } from "./env";
import { createRateLimiter, retryAfterSeconds, take, type RateLimiter } from "./rate-limits";

/**
 * Slows password guessing. Every attempt first reserves a point, per email and per client address,
 * in the app database, and only then is the password hashed: parallel guesses cannot all slip in
 * before the first failure is written, and an attempt past a limit costs no scrypt. A success hands
 * its points back. Windows are fixed and end by age, never by pressure from other keys, so spraying
 * made-up emails cannot reset a target; it only burns the sprayer's address budget. A deterrent, not
 * an account lock: every window ends, so nobody can lock a user out for good.
 */
export interface SignInLimits {
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

export type SignInAttempt =
  | { allowed: true; /** The password was right: this attempt and the email's failures are forgiven. */ succeeded(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * The bucket of a client address. An IPv6 host usually holds a whole /64, so counting single
 * addresses there would give one attacker 2^64 budgets; IPv4 addresses count one by one.
 */
export function addressBucket(address: string): string {
  const value = address.trim().toLowerCase().replace(/%.*$/, "");
  if (!value.includes(":")) return value;
  const [head, tail, ...rest] = value.split("::");
  if (rest.length > 0) return value;
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  // An embedded IPv4 tail ("::1.2.3.4") fills two groups.
  const tailLength = tailGroups.length + (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const missing = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailLength);
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups].slice(0, 4);
  if (groups.length < 4 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return value;
  return `${groups.map((group) => parseInt(group, 16).toString(16)).join(":")}::/64`;
}

/** Emails are keyed by digest: bounded key size whatever was typed, and no address book in the table. */
function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

export class SignInThrottle {
  private readonly perEmail: RateLimiter;
  private readonly perAddress: RateLimiter;

  constructor(db: AppDb, limits: SignInLimits) {
    this.perEmail = createRateLimiter(db, { name: "sign_in_email", points: limits.maxFailuresPerEmail, windowSeconds: limits.windowSeconds });
    this.perAddress = createRateLimiter(db, { name: "sign_in_address", points: limits.maxFailuresPerAddress, windowSeconds: limits.windowSeconds });
  }

  /**
   * Reserves one attempt for `email` from `address` before the password is checked. `address` null
   * (the client's address is unknown: not served by Gatehouse's own server) skips the per-address
   * limit: every caller would share one bucket, and any anonymous caller could then shut sign-in
   * for everyone; the per-email limit still holds.
   */
  async attempt(email: string, address: string | null): Promise<SignInAttempt> {
    const addressKey = address === null ? null : addressBucket(address);
    // The address first: an address past its limit must not go on counting failures against
    // other people's emails (that would let it lock out any number of accounts).
    if (addressKey !== null) {
      const refused = await take(this.perAddress, addressKey);
      if (refused) return { allowed: false, retryAfterSeconds: retryAfterSeconds(refused) };
    }
    // A refusal here keeps the address's point: hammering a blocked email spends the caller's budget.
    const key = emailKey(email);
    const refused = await take(this.perEmail, key);
    if (refused) return { allowed: false, retryAfterSeconds: retryAfterSeconds(refused) };
    return {
      allowed: true,
      succeeded: async () => {
        await this.perEmail.delete(key);
        // Many people signing in from one office address must not add up to a lockout.
        if (addressKey !== null) await this.perAddress.reward(addressKey);
      },
    };
  }
}

const throttles = new WeakMap<AppDb, SignInThrottle>();

/** The throttle over the app database `db`, with the limits from the settings. */
export function signInThrottle(db: AppDb): SignInThrottle {
  let throttle = throttles.get(db);
  if (!throttle) {
    const env = serverEnv();
    throttle = new SignInThrottle(db, {
      maxFailuresPerEmail: env.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
    });
    throttles.set(db, throttle);
  }
  return throttle;
}
