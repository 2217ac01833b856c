import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// OWASP's current scrypt floor (Password Storage Cheat Sheet): N=2^17, r=8, p=1, i.e. 128 MiB and a few
// hundred ms per hash. Hashes made with less are upgraded at their next successful sign-in (needsRehash).
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
type Params = { N: number; r: number; p: number };
let current: Params = PASSWORD_PARAMS;

/**
 * For the unit suite only (lib/testing/vitest-setup.ts): a cheap cost, so the hundreds of sign-ins the
 * throttle and store tests make take milliseconds, not half a second each (about 2 minutes of the suite).
 * The tests of the real cost set PASSWORD_PARAMS back for their file.
 */
export function setPasswordCostForTests(params: Params): void {
  current = params;
}
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes; Node refuses anything above maxmem (32 MiB by default). Twice the
// current cost leaves room, and anything more than that in a stored hash is refused rather than run.
const MAX_MEM = 2 * 128 * PASSWORD_PARAMS.N * PASSWORD_PARAMS.r;

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: MAX_MEM };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt b64url>$<key b64url>`: parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, current);
  return ["scrypt", current.N, current.r, current.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function storedParams(stored: string): Params | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  return [N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) ? { N, r, p } : null;
}

/** True for a hash made with less than today's cost: it is replaced after the next successful sign-in. */
export function needsRehash(stored: string): boolean {
  const params = storedParams(stored);
  if (!params) return false;
  return params.N * params.r * params.p < current.N * current.r * current.p || params.N < current.N;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const params = storedParams(stored);
  if (!params) return false;
  const { N, r, p } = params;
  const parts = stored.split("$");
  const salt = Buffer.from(parts[4], "base64url");
  const expected = Buffer.from(parts[5], "base64url");
  const actual = await derive(password, salt, { N, r, p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so a sign-in for an unknown email cannot be told apart
 * from a wrong password by its duration.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  await verifyPassword(password, await dummyHash);
}

/** A password for generated demo accounts: 16 characters from an unambiguous alphabet. */
export function generatePassword(length = 16): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // Rejection sampling keeps every character equally likely.
    if (bytes[i] < 256 - (256 % alphabet.length)) out += alphabet[bytes[i] % alphabet.length];
  }
  return out.length === length ? out : generatePassword(length);
}
