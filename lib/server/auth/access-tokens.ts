import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { addToLogContext } from "@/lib/observability/log-context";
import { appContext } from "../config/app-context";

/*
 * Personal access tokens: `gatehouse_pat_` and 43 characters of base64url (256 random bits). Only the SHA-256 of the text
 * is stored: with that much entropy a fast hash is enough (nobody can guess their way back), and lookups are one
 * index probe. The one scope, "evaluations", is the evaluation API: a token is accepted on a path under
 * TOKEN_SCOPE_PATH only, and only in `Authorization: Bearer` (never a cookie or a query, which land in logs).
 */

const TOKEN_PREFIX = "gatehouse_pat_";
/** The evaluation API: the one place a token opens. */
const TOKEN_SCOPE_PATH = "/api/evaluations/";
const TOKEN_PATTERN = /^gatehouse_pat_[A-Za-z0-9_-]{43}$/;

export function newAccessToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The bearer credential of a request, or null when it sends none (a session cookie may still authenticate it). */
export function bearerOf(headers: Headers): string | null {
  const header = headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match ? match[1] : "";
}

/** Whether a token may open this path: the evaluation API only. */
export function inTokenScope(url: string): boolean {
  return new URL(url).pathname.startsWith(TOKEN_SCOPE_PATH);
}

/**
 * The user a bearer token stands for, with their role as it is now (a lowered role applies at once), or null: an
 * unknown, malformed or revoked token, or a user who is gone. The token itself never reaches a log line.
 */
export async function tokenUser(token: string): Promise<SessionUser | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const { accessTokens, users } = await appContext();
  const used = await accessTokens.use(hashAccessToken(token));
  if (!used || used.scope !== "evaluations") return null;
  const user = await users.findById(used.userId);
  if (!user) return null;
  addToLogContext({ user_id: user.id });
  return { id: user.id, email: user.email, name: user.name, role: user.role };
}
