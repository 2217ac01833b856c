import { createHmac, timingSafeEqual } from "node:crypto";
import type { AppDb } from "../db/app-db";

const SETTING = "auth_secret_fingerprint";

/** A one-way fingerprint of the secret: equal secrets give equal fingerprints, and it reveals nothing of it. */
function fingerprint(secret: string): string {
  return createHmac("sha256", secret).update("gatehouse: which AUTH_SECRET the instances sharing this database use").digest("base64url");
}

export class SecretMismatchError extends Error {
  constructor() {
    super(
      "AUTH_SECRET differs from the one the other instances sharing this database use: each would refuse the others' sessions. " +
        "Give every instance the same AUTH_SECRET. (To rotate it: stop every instance, run `npm run user -- forget-auth-secret`, start them all with the new one.)",
    );
    this.name = "SecretMismatchError";
  }
}

/**
 * Instances sharing a database must share AUTH_SECRET (any instance accepts any other's session).
 * The first instance records the secret's fingerprint; a later one with another secret is refused at start.
 */
export async function checkSharedAuthSecret(db: AppDb, secret: string): Promise<void> {
  const mine = fingerprint(secret);
  await db.kysely
    .insertInto("instance_settings")
    .values({ key: SETTING, value: mine })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
  const stored = await db.kysely.selectFrom("instance_settings").select("value").where("key", "=", SETTING).executeTakeFirstOrThrow();
  const a = Buffer.from(stored.value);
  const b = Buffer.from(mine);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new SecretMismatchError();
}

/** Forgets the recorded fingerprint, so the next instance to start records its own (secret rotation). */
export async function forgetAuthSecret(db: AppDb): Promise<void> {
  await db.kysely.deleteFrom("instance_settings").where("key", "=", SETTING).execute();
}
