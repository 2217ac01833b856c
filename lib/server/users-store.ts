import type Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import type { Role, User } from "@/lib/bff/schemas";
import type { AppDb } from "./app-db";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "./password";
import { roleAtLeast } from "@/lib/bff/schemas";

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  provider: "credentials" | "oidc";
  password_hash: string | null;
  is_demo: number;
  session_version: number;
  created_at: string;
  updated_at: string;
}

export interface StoredUser extends User {
  isDemo: boolean;
  /** Sealed into each session at sign-in; a session carrying another value is over (session.ts). */
  sessionVersion: number;
}

function toUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    provider: row.provider,
    created_at: row.created_at,
    updated_at: row.updated_at,
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

/** The users table: credentials accounts (scrypt hashes) and OIDC accounts (no password). */
export class UsersStore {
  // Every API request looks its user up and checks its session: keep those statements compiled.
  private readonly byId: Database.Statement;
  private readonly revoked: Database.Statement;

  constructor(private readonly db: AppDb) {
    this.byId = db.prepare("SELECT * FROM users WHERE id = ?");
    this.revoked = db.prepare("SELECT 1 FROM revoked_sessions WHERE session_id = ?");
  }

  private row(sql: string, ...args: unknown[]): UserRow | undefined {
    return this.db.prepare(sql).get(...args) as UserRow | undefined;
  }

  findById(id: string): StoredUser | undefined {
    const row = this.byId.get(id) as UserRow | undefined;
    return row && toUser(row);
  }

  findByEmail(email: string): StoredUser | undefined {
    const row = this.row("SELECT * FROM users WHERE email = ?", email.trim());
    return row && toUser(row);
  }

  list(): StoredUser[] {
    return (this.db.prepare("SELECT * FROM users ORDER BY email").all() as UserRow[]).map(toUser);
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
    const email = input.email.trim().toLowerCase();
    // Checked before hashing: a duplicate is refused without spending a password hash on it.
    if (this.findByEmail(email)) throw new UserExistsError(email);
    const provider = input.provider ?? "credentials";
    const hash = input.password === undefined ? (input.passwordHash ?? null) : await hashPassword(input.password);
    if (provider === "credentials" && hash === null) throw new Error("A credentials user needs a password");
    const now = new Date().toISOString();
    const id = randomUUID();
    try {
      this.db
        .prepare(
          `INSERT INTO users (id, email, name, role, provider, password_hash, is_demo, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(id, email, input.name?.trim() || nameFromEmail(email), input.role, provider, hash, input.isDemo ? 1 : 0, now, now);
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") throw new UserExistsError(email);
      throw error;
    }
    return this.findById(id)!;
  }

  private adminCount(): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'admin'").get() as { n: number }).n;
  }

  /**
   * A new password or a lower role ends every session the user has open: whoever held the old password,
   * or a session granted the old role, must sign in again.
   */
  async update(id: string, changes: { name?: string; role?: Role; password?: string }): Promise<StoredUser | undefined> {
    const current = this.findById(id);
    if (!current) return undefined;
    const hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    this.db
      .transaction(() => {
        const before = this.findById(id);
        if (!before) return;
        if (changes.role !== undefined && before.role === "admin" && changes.role !== "admin" && this.adminCount() <= 1) {
          throw new LastAdminError();
        }
        const lowered = changes.role !== undefined && !roleAtLeast(changes.role, before.role);
        const endSessions = hash !== undefined || lowered ? 1 : 0;
        this.db
          .prepare(
            `UPDATE users SET name = COALESCE(?, name), role = COALESCE(?, role),
               password_hash = COALESCE(?, password_hash), session_version = session_version + ?, updated_at = ?
             WHERE id = ?`,
          )
          .run(changes.name ?? null, changes.role ?? null, hash ?? null, endSessions, new Date().toISOString(), id);
      })
      .immediate();
    return this.findById(id);
  }

  /** Ends every session of a user at once (a new sign-in is needed everywhere). */
  endAllSessions(id: string): void {
    this.db.prepare("UPDATE users SET session_version = session_version + 1 WHERE id = ?").run(id);
  }

  /**
   * Ends one session (sign-out): its id is kept until the session would have expired anyway, when it
   * is swept. The cookie may have been copied before the browser dropped it; the copy stops working.
   */
  revokeSession(sessionId: string, expiresAtMs: number): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM revoked_sessions WHERE expires_at <= ?").run(Date.now());
      this.db.prepare("INSERT OR IGNORE INTO revoked_sessions (session_id, expires_at) VALUES (?, ?)").run(sessionId, expiresAtMs);
    })();
  }

  isSessionRevoked(sessionId: string): boolean {
    return this.revoked.get(sessionId) !== undefined;
  }

  remove(id: string): boolean {
    return this.db
      .transaction(() => {
        const current = this.findById(id);
        if (!current) return false;
        if (current.role === "admin" && this.adminCount() <= 1) throw new LastAdminError();
        this.db.prepare("DELETE FROM users WHERE id = ?").run(id);
        return true;
      })
      .immediate();
  }

  /** The user when email and password match a credentials account, else null (same time either way). */
  async verifyCredentials(email: string, password: string): Promise<StoredUser | null> {
    const row = this.row("SELECT * FROM users WHERE email = ?", email.trim());
    if (!row || row.provider !== "credentials" || row.password_hash === null) {
      await burnPasswordCheck(password);
      return null;
    }
    if (!(await verifyPassword(password, row.password_hash))) return null;
    if (needsRehash(row.password_hash)) {
      // The password is at hand only now: re-hash it at today's cost. Guarded by the old hash, so a
      // password changed meanwhile is never overwritten; sessions stay valid (the password is the same).
      const upgraded = await hashPassword(password);
      this.db.prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?").run(upgraded, row.id, row.password_hash);
    }
    return toUser(row);
  }

  /** Against a real gateway no demo account may sign in, even one left from an embedded run. */
  removeDemoUsers(): number {
    return this.db.prepare("DELETE FROM users WHERE is_demo = 1").run().changes;
  }

  /**
   * Creates the three demo accounts. Called only when the app database is new (app-context.ts): a demo
   * account an admin removed, renamed or re-passworded is never brought back or reset on a later start.
   */
  async createDemoUsers(password: string): Promise<void> {
    for (const role of ["admin", "editor", "viewer"] as const) {
      const email = `${role}@demo.local`;
      if (this.findByEmail(email)) continue;
      await this.create({ email, name: `Demo ${role[0].toUpperCase()}${role.slice(1)}`, role, password, isDemo: true });
    }
  }

  hasDemoUsers(): boolean {
    return this.db.prepare("SELECT 1 FROM users WHERE is_demo = 1 LIMIT 1").get() !== undefined;
  }
}
