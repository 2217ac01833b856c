import type Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import type { Role, User } from "@/lib/bff/schemas";
import type { AppDb } from "./app-db";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  provider: "credentials" | "oidc";
  password_hash: string | null;
  is_demo: number;
  created_at: string;
  updated_at: string;
}

export interface StoredUser extends User {
  isDemo: boolean;
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
  // Every API request looks its user up: keep that statement compiled.
  private readonly byId: Database.Statement;

  constructor(private readonly db: AppDb) {
    this.byId = db.prepare("SELECT * FROM users WHERE id = ?");
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
    provider?: "credentials" | "oidc";
    isDemo?: boolean;
  }): Promise<StoredUser> {
    const email = input.email.trim().toLowerCase();
    // Checked before hashing: a duplicate is refused without spending a password hash on it.
    if (this.findByEmail(email)) throw new UserExistsError(email);
    const provider = input.provider ?? "credentials";
    const hash = input.password === undefined ? null : await hashPassword(input.password);
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

  async update(id: string, changes: { name?: string; role?: Role; password?: string }): Promise<StoredUser | undefined> {
    const current = this.findById(id);
    if (!current) return undefined;
    const hash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    this.db
      .transaction(() => {
        if (changes.role !== undefined && current.role === "admin" && changes.role !== "admin" && this.adminCount() <= 1) {
          throw new LastAdminError();
        }
        this.db
          .prepare(
            `UPDATE users SET name = COALESCE(?, name), role = COALESCE(?, role),
               password_hash = COALESCE(?, password_hash), updated_at = ? WHERE id = ?`,
          )
          .run(changes.name ?? null, changes.role ?? null, hash ?? null, new Date().toISOString(), id);
      })
      .immediate();
    return this.findById(id);
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
    return (await verifyPassword(password, row.password_hash)) ? toUser(row) : null;
  }

  /** Against a real gateway no demo account may sign in, even one left from an embedded run. */
  removeDemoUsers(): number {
    return this.db.prepare("DELETE FROM users WHERE is_demo = 1").run().changes;
  }

  /**
   * Creates the demo accounts, or resets their password when DEMO_PASSWORD changed. Accounts a
   * person created with the same email are left alone.
   */
  async seedDemoUsers(password: string): Promise<void> {
    for (const role of ["admin", "editor", "viewer"] as const) {
      const email = `${role}@demo.local`;
      const existing = this.row("SELECT * FROM users WHERE email = ?", email);
      const name = `Demo ${role[0].toUpperCase()}${role.slice(1)}`;
      if (!existing) {
        await this.create({ email, name, role, password, isDemo: true });
      } else if (existing.is_demo === 1 && (existing.password_hash === null || !(await verifyPassword(password, existing.password_hash)))) {
        await this.update(existing.id, { password });
      }
    }
  }
}
