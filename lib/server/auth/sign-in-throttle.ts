import "server-only";
import { createHash } from "node:crypto";
import type { AppDb } from "../db/app-db";
import { serverEnv } from "../config/env";
import { createRateLimiter, retryAfterSeconds, take, type RateLimiter } from "../config/rate-limits";

/**
 * Slows password guessing without handing anyone a way to lock others out. Every attempt first reserves
 * a point in the app database, and only then is the password hashed: parallel guesses cannot all slip
 * in before the first failure is written, and an attempt past a limit costs no scrypt. Three counts:
 * - per (email, client address): the tight one (10). Someone guessing one account from one place is
 *   stopped, and so is a user who forgot their password, but only where they are: the same account
 *   from any other address is not touched. Before, this count was per email alone, so ten anonymous
 *   wrong passwords for a known email refused its owner's right password for 15 minutes;
 * - per client address, across emails (100): one place trying many accounts;
 * - per email, across addresses: a much higher ceiling (100), a bound on a guessing run spread over
 *   many addresses. Locking an owner out now takes that many failures from at least ceiling / per-pair
 *   addresses (10) within one window, where it took ten requests from anywhere.
 * A success forgives its (email, address) count and hands back its point on the other two, so an
 * office behind one address never adds up to a lockout, and the owner signing in does not give a
 * guessing run a fresh ceiling. Windows are fixed and end by age, never by pressure from other keys:
 * spraying made-up emails cannot reset a target. Every window ends, so nobody is locked out for good.
 */
export interface SignInLimits {
  maxFailuresPerClient: number;
  maxFailuresPerEmail: number;
  maxFailuresPerAddress: number;
  windowSeconds: number;
}

export type SignInAttempt =
  | { allowed: true; /** The password was right: this client's failures for the email are forgiven. */ succeeded(): Promise<void> }
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
  private readonly perClient: RateLimiter;
  private readonly perEmail: RateLimiter;
  private readonly perAddress: RateLimiter;

  constructor(db: AppDb, limits: SignInLimits) {
    this.perClient = createRateLimiter(db, { name: "sign_in_client", points: limits.maxFailuresPerClient, windowSeconds: limits.windowSeconds });
    this.perEmail = createRateLimiter(db, { name: "sign_in_email", points: limits.maxFailuresPerEmail, windowSeconds: limits.windowSeconds });
    this.perAddress = createRateLimiter(db, { name: "sign_in_address", points: limits.maxFailuresPerAddress, windowSeconds: limits.windowSeconds });
  }

  /**
   * Reserves one attempt for `email` from `address` before the password is checked. `address` null
   * (the client's address is unknown: not served by Gatehouse's own server) skips the per-address
   * limit, since every caller would share one bucket and any anonymous caller could then shut sign-in
   * for everyone; such callers share one (email, unknown) count, so guessing stays bounded.
   */
  async attempt(email: string, address: string | null): Promise<SignInAttempt> {
    const addressKey = address === null ? null : addressBucket(address);
    // The address first: an address past its limit must not go on counting failures against
    // other people's emails (that would let it push any number of accounts to their ceiling).
    if (addressKey !== null) {
      const refused = await take(this.perAddress, addressKey);
      if (refused) return { allowed: false, retryAfterSeconds: retryAfterSeconds(refused) };
    }
    // A refusal below keeps the earlier points: hammering a blocked email spends the caller's budget.
    const key = emailKey(email);
    const clientKey = `${key}|${addressKey ?? "unknown"}`;
    for (const [limiter, limiterKey] of [[this.perClient, clientKey], [this.perEmail, key]] as const) {
      const refused = await take(limiter, limiterKey);
      if (refused) return { allowed: false, retryAfterSeconds: retryAfterSeconds(refused) };
    }
    return {
      allowed: true,
      succeeded: async () => {
        await this.perClient.delete(clientKey);
        // Only this attempt's point back: the owner's success must not reset a guessing run's ceiling.
        await this.perEmail.reward(key);
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
      maxFailuresPerClient: env.SIGN_IN_MAX_FAILURES_PER_CLIENT,
      maxFailuresPerEmail: env.SIGN_IN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
      windowSeconds: env.SIGN_IN_WINDOW_SECONDS,
    });
    throttles.set(db, throttle);
  }
  return throttle;
}
