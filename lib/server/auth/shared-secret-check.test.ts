import { afterEach, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "@/lib/testing/postgres-database";
import { openAppDb, type AppDb } from "../db/app-db";
import { checkSharedAuthSecret, forgetAuthSecret, SecretMismatchError } from "./shared-secret-check";

const opened: AppDb[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

async function instance(url: string): Promise<AppDb> {
  const db = await openAppDb({ dialect: "postgres", url });
  opened.push(db);
  return db;
}

describe("instances sharing a database share AUTH_SECRET", () => {
  it("the first records it; another with the same secret starts, one with another secret is refused", async () => {
    const url = await freshPostgresDatabase();
    const secret = "a-shared-secret-a-shared-secret-0123456789";
    await checkSharedAuthSecret(await instance(url), secret);
    await expect(checkSharedAuthSecret(await instance(url), secret)).resolves.toBeUndefined();
    const refused = checkSharedAuthSecret(await instance(url), "another-secret-another-secret-0123456789");
    await expect(refused).rejects.toBeInstanceOf(SecretMismatchError);
    // Nothing of the secret itself is stored.
    const stored = await (await instance(url)).kysely.selectFrom("instance_settings").select("value").execute();
    expect(JSON.stringify(stored)).not.toContain(secret);
  });

  it("after `npm run user -- forget-auth-secret` the next instance records its own (rotation)", async () => {
    const url = await freshPostgresDatabase();
    const db = await instance(url);
    await checkSharedAuthSecret(db, "old-secret-old-secret-old-secret-0123456789");
    await forgetAuthSecret(db);
    await expect(checkSharedAuthSecret(db, "new-secret-new-secret-new-secret-0123456789")).resolves.toBeUndefined();
    await expect(checkSharedAuthSecret(db, "old-secret-old-secret-old-secret-0123456789")).rejects.toBeInstanceOf(SecretMismatchError);
  });
});
