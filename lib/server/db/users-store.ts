import type { Selectable, Transaction } from "kysely";
import { randomUUID } from "node:crypto";
import type { Role, User } from "@/lib/contract/bff/schemas";
import type { AppDb } from "./app-db";
import type { AppTables, UsersTable } from "./app-tables";
import { rowColumns } from "./row-columns";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../auth/password";
import { roleAtLeast } from "@/lib/contract/bff/schemas";

type UserRow = Selectable<UsersTable>;

export interface StoredUser extends User {
  isDemo: boolean;
  /** Sealed into each session at sign-in; a session carrying another value is over (session.ts). */
  sessionVersion: number;
}

function toUser(row: UserRow): StoredUser {
  return {
    ...rowColumns(row, ["id", "email", "name", "role", "provider", "created_at", "updated_at"]),
    isDemo: row.is_demo === 1,
    sessionVersion: row.session_version,
  };
}

/**
 * The store in use may come from another bundle's copy of this module (the app context is shared through
 * globalThis, and instrumentation is its own bundle), whose error classes are other objects: `instanceof`
 * goes by the name, or a duplicate email would surface as a 500 instead of a 409.
 */
function sameName(name: string, value: unknown): boolean {
  return value instanceof Error && value.name === name;
}

export class UserExistsError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return sameName("UserExistsError", value);
  }

  constructor(email: string) {
    super(`A user with email ${email} already exists`);
    this.name = "UserExistsError";
  }
}

export class LastAdminError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return sameName("LastAdminError", value);
  }

  constructor() {
    super("This is the last admin: make another user admin first");
    this.name = "LastAdminError";
  }
}

function nameFromEmail(email: string): string {
  return email.split("@")[0] ?? email;
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The users table: credentials accounts (scrypt hashes) and OIDC accounts (no password), in SQLite or
 * PostgreSQL (app-db.ts). Every check-then-write runs in one transaction, so two instances sharing the
 * database cannot both remove "the other" admin.
 */
export class UsersStore {
  constructor(private readonly db: AppDb) {}

  private get kysely() {
    return this.db.kysely;
  }

  async findById(id: string): Promise<StoredUser | undefined> {
    const row = await this.kysely.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toUser(row);
  }

  async findByEmail(email: string): Promise<StoredUser | undefined> {
    const row = await this.kysely.selectFrom("users").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst();
    return row && toUser(row);
  }

  async list(): Promise<StoredUser[]> {
    return (await this.kysely.selectFrom("users").selectAll().orderBy("email").execute()).map(toUser);
  }

  async create(input: {
    email: string;
    name?: string;
    role: Role;
    password?: string;
    /** A hash made earlier by hashPassword, instead of `password` (saves a few hundred ms of scrypt). */
    passwordHash?: string;
    provider?: "credentials" | "oidc";
    isDemo?: boolean;
  }): Promise<StoredUser> {
    const email = normalEmail(input.email);
    // Checked before hashing: a duplicate is refused without spending a password hash on it.
    if (await this.findByEmail(email)) throw new UserExistsError(email);
    const provider = input.provider ?? "credentials";
    const hash = input.password === undefined ? (input.passwordHash ?? null) : await hashPassword(input.password);
    if (provider === "credentials" && hash === null) throw new Error("A credentials user needs a password");
    const now = new Date().toISOString();
    const id = randomUUID();
    try {
      await this.kysely
        .insertInto("users")
        .values({
          id,
          email,
          name: input.name?.trim() || nameFromEmail(email),
          role: input.role,
          provider,
          password_hash: hash,
          is_demo: input.isDemo ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } catch (error) {
      // Another instance (or request) created the same email between the check and the insert.
      if (isUniqueViolation(error)) throw new UserExistsError(email);
      throw error;
    }
    return (await this.findById(id))!;
  }

  /**
   * The number of admins, inside a transaction that is about to demote or remove one. In PostgreSQL the
   * admin rows stay locked until it ends: a second instance's demotion waits and then counts again.
   * SQLite runs one writer at a time anyway.
   */
  private async lockedAdminCount(trx: Transaction<AppTables>): Promise<number> {
    const admins = trx.selectFrom("users").select("id").where("role", "=", "admin");
    return (await (this.db.dialect === "postgres" ? admins.forUpdate() : admins).execute()).length;
  }

  /**
   * A new password or a lower role ends every session the user has open: whoever held the old password,
   * or a session granted the old role, must sign in again.
   */
  async update(id: string, changes: { name?: string; role?: Role; password?: string }): Promise<StoredUser | undefined> {
    if (!(await this.findById(id))) return undefined;
    const hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    const found = await this.kysely.transaction().execute(async (trx) => {
      const adminsBefore = changes.role !== undefined && changes.role !== "admin" ? await this.lockedAdminCount(trx) : null;
      const before = await trx.selectFrom("users").select("role").where("id", "=", id).executeTakeFirst();
      if (!before) return false;
      if (adminsBefore !== null && before.role === "admin" && adminsBefore <= 1) throw new LastAdminError();
      const lowered = changes.role !== undefined && !roleAtLeast(changes.role, before.role);
      await trx
        .updateTable("users")
        .set((eb) => ({
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.role === undefined ? {} : { role: changes.role }),
          ...(hash === undefined ? {} : { password_hash: hash }),
          session_version: eb("session_version", "+", hash !== undefined || lowered ? 1 : 0),
          updated_at: new Date().toISOString(),
        }))
        .where("id", "=", id)
        .execute();
      return true;
    });
    return found ? this.findById(id) : undefined;
  }

  /** Ends every session of a user at once (a new sign-in is needed everywhere). */
  async endAllSessions(id: string): Promise<void> {
    await this.kysely
      .updateTable("users")
      .set((eb) => ({ session_version: eb("session_version", "+", 1) }))
      .where("id", "=", id)
      .execute();
  }

  /**
   * Ends one session (sign-out): its id is kept until the session would have expired anyway, when it
   * is swept. The cookie may have been copied before the browser dropped it; the copy stops working.
   */
  async revokeSession(sessionId: string, expiresAtMs: number): Promise<void> {
    await this.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("revoked_sessions").where("expires_at", "<=", Date.now()).execute();
      await trx
        .insertInto("revoked_sessions")
        .values({ session_id: sessionId, expires_at: expiresAtMs })
        .onConflict((conflict) => conflict.column("session_id").doNothing())
        .execute();
    });
  }

  async isSessionRevoked(sessionId: string): Promise<boolean> {
    const row = await this.kysely.selectFrom("revoked_sessions").select("session_id").where("session_id", "=", sessionId).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The signed-in user behind a session token, or undefined when the session no longer stands (user
   * removed, session version raised, this session signed out). One round trip: every request asks.
   */
  async findSessionUser(userId: string, sessionId: string, sessionVersion: number): Promise<StoredUser | undefined> {
    const row = await this.kysely
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .where("session_version", "=", sessionVersion)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("revoked_sessions").select("session_id").where("session_id", "=", sessionId))))
      .executeTakeFirst();
    return row && toUser(row);
  }

  async remove(id: string): Promise<boolean> {
    return this.kysely.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("users").select("role").where("id", "=", id).executeTakeFirst();
      if (!current) return false;
      if (current.role === "admin" && (await this.lockedAdminCount(trx)) <= 1) throw new LastAdminError();
      await trx.deleteFrom("users").where("id", "=", id).execute();
      return true;
    });
  }

  /** The user when email and password match a credentials account, else null (same time either way). */
  async verifyCredentials(email: string, password: string): Promise<StoredUser | null> {
    const row = await this.kysely.selectFrom("users").selectAll().where("email", "=", normalEmail(email)).executeTakeFirst();
    if (!row || row.provider !== "credentials" || row.password_hash === null) {
      await burnPasswordCheck(password);
      return null;
    }
    if (!(await verifyPassword(password, row.password_hash))) return null;
    if (needsRehash(row.password_hash)) {
      // The password is at hand only now: re-hash it at today's cost. Guarded by the old hash, so a
      // password changed meanwhile is never overwritten; sessions stay valid (the password is the same).
      const upgraded = await hashPassword(password);
      await this.kysely
        .updateTable("users")
        .set({ password_hash: upgraded })
        .where("id", "=", row.id)
        .where("password_hash", "=", row.password_hash)
        .execute();
    }
    return toUser(row);
  }

  /** Against a real gateway no demo account may sign in, even one left from an embedded run. */
  async removeDemoUsers(): Promise<number> {
    const result = await this.kysely.deleteFrom("users").where("is_demo", "=", 1).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Creates the three demo accounts. Called only when the app database is new (app-context.ts): a demo
   * account an admin removed, renamed or re-passworded is never brought back or reset on a later start.
   */
  async createDemoUsers(password: string): Promise<void> {
    for (const role of ["admin", "editor", "viewer"] as const) {
      const email = `${role}@demo.local`;
      if (await this.findByEmail(email)) continue;
      await this.create({ email, name: `Demo ${role[0].toUpperCase()}${role.slice(1)}`, role, password, isDemo: true });
    }
  }

  async hasDemoUsers(): Promise<boolean> {
    return (await this.kysely.selectFrom("users").select("id").where("is_demo", "=", 1).limit(1).executeTakeFirst()) !== undefined;
  }
}
