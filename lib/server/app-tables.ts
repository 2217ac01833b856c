import type { Generated } from "kysely";
import type { Role } from "@/lib/bff/schemas";

/**
 * The app's own tables as Kysely sees them, the same in SQLite and PostgreSQL (app-migrations.ts
 * creates them in each). Times are ISO strings (TEXT) so both dialects sort and compare them alike;
 * the epoch-millisecond columns are BIGINT in PostgreSQL, which `pg` returns as strings: they are only
 * compared in SQL, never read back as numbers.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: Role;
  provider: "credentials" | "oidc";
  password_hash: string | null;
  is_demo: number;
  session_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PresetAuditTable {
  id: Generated<number>;
  slug: string;
  version: number;
  version_id: string | null;
  user_id: string;
  user_email: string;
  user_name: string;
  created_at: string;
}

export interface RevokedSessionsTable {
  session_id: string;
  expires_at: number;
}

/** rate-limiter-flexible's layout (rate-limits.ts); only our sweep touches it through Kysely. */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface InstanceSettingsTable {
  key: string;
  value: string;
}

export interface AppTables {
  instance_settings: InstanceSettingsTable;
  users: UsersTable;
  preset_audit: PresetAuditTable;
  revoked_sessions: RevokedSessionsTable;
  rate_limits: RateLimitsTable;
}
