import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Role } from "@/lib/contract/bff/schemas";
import { freshPostgresDatabase, type AppDbDialect } from "@/lib/testing/postgres-database";
import { appContext, closeAppContexts } from "../config/app-context";
import { appDbFile, openAppDb, type AppDb, type AppDbTarget } from "../db/app-db";
import { resetServerEnv } from "../config/env";
import { hashPassword } from "../auth/password";
import { mintSessionCookie } from "../auth/session";

const testHashes: Partial<Record<Role, Promise<string>>> = {};

/** The site the test requests pretend to come from. */
export const TEST_ORIGIN = "http://localhost:3000";

const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123456789";

/**
 * The server settings of a test whose code never reaches the gateway (a store, a migration, a route that reads
 * the app database only): an address that is never dialled, the app's data in `dataDir`.
 */
export function noGatewayEnv(dataDir: string): Record<string, string> {
  return { GATEWAY_URL: "http://gateway.invalid", GATEWAY_API_KEY: "unused", AUTH_SECRET: TEST_AUTH_SECRET, DATA_DIR: dataDir, GATEHOUSE_MODE: "remote" };
}

export interface BffTestEnv {
  dataDir: string;
  /** Session cookies of one user per role. */
  cookies: Record<Role, string>;
  userIds: Record<Role, string>;
  /** A same-origin Request to the BFF, signed in as `role` (or anonymous with null). */
  request(
    pathAndQuery: string,
    init?: { role?: Role | null; method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string>; signal?: AbortSignal },
  ): Request;
  cleanup(): Promise<void>;
}

/**
 * Points the BFF of this test process at a gateway and a fresh data folder, with one signed-in
 * user per role. Handlers are then called directly with real Requests.
 */
export async function setUpBff(
  gateway: { baseUrl: string; apiKey: string; managementKey?: string },
  extraEnv: Record<string, string> = {},
  options: { database?: AppDbDialect } = {},
): Promise<BffTestEnv> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-bff-"));
  await closeAppContexts();
  // SQLite in the data folder unless the test asks for PostgreSQL: then a new database of its own.
  const databaseUrl = options.database === "postgres" ? await freshPostgresDatabase() : "";
  Object.assign(process.env, {
    GATEWAY_URL: gateway.baseUrl,
    GATEWAY_API_KEY: gateway.apiKey,
    GATEWAY_MANAGEMENT_KEY: gateway.managementKey ?? "",
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    GATEHOUSE_MODE: "remote",
    // Limits from the caller's environment must not decide a test. The per-user limits are lifted:
    // suites that call one route hundreds of times as one user (the fuzzers) are not about them;
    // user-limits.test.ts sets low ones through extraEnv.
    SIGN_IN_MAX_FAILURES_PER_EMAIL: "",
    SIGN_IN_MAX_FAILURES_PER_ADDRESS: "",
    SIGN_IN_WINDOW_SECONDS: "",
    RATE_LIMIT_RESPONSES_PER_MINUTE: "1000000",
    RATE_LIMIT_UPLOADS_PER_MINUTE: "1000000",
    RATE_LIMIT_GATEWAY_PER_MINUTE: "1000000",
    EVAL_MAX_RUNNING_RUNS_PER_USER: "1000000",
    EVAL_MAX_RUNNING_RUNS: "1000000",
    RATE_LIMIT_IMPORTS_PER_MINUTE: "1000000",
    EVAL_MAX_QUESTION_ROWS_PER_USER: "",
    ...extraEnv,
  });
  resetServerEnv();
  const { users } = await appContext();
  const userIds = {} as Record<Role, string>;
  const cookies = {} as Record<Role, string>;
  for (const role of ["viewer", "editor", "admin"] as const) {
    // Each password is hashed once per test process: at scrypt's real cost that is ~0.4 s a hash.
    testHashes[role] ??= hashPassword(`${role}-password`);
    const passwordHash = await testHashes[role];
    const user = await users.create({ email: `${role}@test.local`, name: `Test ${role}`, role, passwordHash });
    userIds[role] = user.id;
    cookies[role] = await mintSessionCookie(user.id);
  }
  return {
    dataDir,
    cookies,
    userIds,
    request(pathAndQuery, init = {}) {
      const headers = new Headers(init.headers);
      if (init.role) headers.set("cookie", cookies[init.role]);
      const method = init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET");
      if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      return new Request(`${TEST_ORIGIN}${pathAndQuery}`, {
        method,
        headers,
        body,
        signal: init.signal,
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
    },
    async cleanup() {
      await closeAppContexts();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The context argument Next passes to a route handler. */
export function params<P>(value: P): { params: Promise<P> } {
  return { params: Promise.resolve(value) };
}

/**
 * An empty, migrated app database of `dialect` for a store test: a SQLite file in `dataDir`, or a new
 * database on the test run's PostgreSQL. Close it after the test.
 */
export async function openTestAppDb(dialect: AppDbDialect, dataDir: string): Promise<AppDb> {
  return openAppDb(await testAppDbTarget(dialect, dataDir));
}

/** Where a test's app database lives: a SQLite file in `dataDir`, or a new database on the test run's PostgreSQL. */
export async function testAppDbTarget(dialect: AppDbDialect, dataDir: string): Promise<AppDbTarget> {
  return dialect === "sqlite" ? { dialect, file: appDbFile(dataDir) } : { dialect, url: await freshPostgresDatabase() };
}

/** One more signed-in user (a second editor, a second viewer) beside the one per role of setUpBff: its id and session cookie. */
export async function signInNewUser(role: Role, email: string): Promise<{ id: string; cookie: string }> {
  testHashes[role] ??= hashPassword(`${role}-password`);
  const user = await (await appContext()).users.create({ email, name: email, role, passwordHash: await testHashes[role] });
  return { id: user.id, cookie: await mintSessionCookie(user.id) };
}
