import type { Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import type { AccessToken } from "@/lib/contract/bff/access-tokens";
import type { AppDb } from "./app-db";
import type { AccessTokensTable } from "./app-tables";

/** How stale last_used_at may get: a token used on every poll is written at most once a minute. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** A person already holds as many live tokens as they may. */
export class TokenLimitError extends Error {
  override name = "TokenLimitError";
}

function tokenOf(row: Pick<Selectable<AccessTokensTable>, "id" | "name" | "scope" | "created_at" | "last_used_at">): AccessToken {
  return { id: row.id, name: row.name, scope: row.scope as AccessToken["scope"], created_at: row.created_at, last_used_at: row.last_used_at };
}

/** Personal access tokens, by the SHA-256 of their text (lib/server/auth/access-tokens.ts makes and hashes them). */
export class AccessTokensStore {
  constructor(private readonly db: AppDb) {}

  /** Stores a new token for `userId`, unless they hold `max` live ones already (counted and written under one lock). */
  async create(input: { userId: string; name: string; tokenHash: string; scope: AccessToken["scope"]; max: number; at?: Date }): Promise<AccessToken> {
    return this.db.serialize(`access-tokens:${input.userId}`, async (on) => {
      const live = await on
        .selectFrom("access_tokens")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("user_id", "=", input.userId)
        .where("revoked_at", "is", null)
        .executeTakeFirstOrThrow();
      if (Number(live.count) >= input.max) throw new TokenLimitError(`You have ${input.max} live tokens, the most one person may hold: revoke one first`);
      const row = {
        id: randomUUID(),
        user_id: input.userId,
        name: input.name,
        token_hash: input.tokenHash,
        scope: input.scope,
        created_at: (input.at ?? new Date()).toISOString(),
        last_used_at: null,
        revoked_at: null,
      };
      await on.insertInto("access_tokens").values(row).execute();
      return tokenOf(row);
    });
  }

  /** A person's live tokens, newest first. */
  async list(userId: string): Promise<AccessToken[]> {
    const rows = await this.db.kysely
      .selectFrom("access_tokens")
      .select(["id", "name", "scope", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute();
    return rows.map(tokenOf);
  }

  /** Revokes one of a person's own tokens; false when they hold no such live token. */
  async revoke(userId: string, id: string, at = new Date()): Promise<boolean> {
    const result = await this.db.kysely
      .updateTable("access_tokens")
      .set({ revoked_at: at.toISOString() })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The live token with this hash (its user and scope), noting its use; undefined when none (unknown or revoked). */
  async use(tokenHash: string, now = new Date()): Promise<{ id: string; userId: string; scope: string } | undefined> {
    const row = await this.db.kysely
      .selectFrom("access_tokens")
      .select(["id", "user_id", "scope", "last_used_at"])
      .where("token_hash", "=", tokenHash)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_GRANULARITY_MS) {
      await this.db.kysely.updateTable("access_tokens").set({ last_used_at: now.toISOString() }).where("id", "=", row.id).execute();
    }
    return { id: row.id, userId: row.user_id, scope: row.scope };
  }
}
