import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Db } from "./db";

type KeyKind = "standard" | "management";

export interface AuthenticatedKey {
  id: string;
  kind: KeyKind;
  userId: string;
  defaultWorkspaceId: string;
}

export interface ResolvedKeys {
  apiKey: string;
  managementKey: string;
}

/**
 * SHA-256 without salt or stretching is enough here: generated keys carry 256 random bits, so
 * there is no dictionary to try and no way to brute-force a preimage; slow KDFs exist for
 * low-entropy passwords. Keys fixed through the environment are a testing convenience.
 */
function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

function generateKey(kind: KeyKind): string {
  return `sk-gh-${kind === "management" ? "mgmt" : "api"}-${randomBytes(32).toString("base64url")}`;
}

interface KeysFile {
  apiKey?: string;
  managementKey?: string;
}

function readKeysFile(file: string | null): KeysFile {
  if (!file || !fs.existsSync(file)) return {};
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    if (parsed && typeof parsed === "object") {
      const { apiKey, managementKey } = parsed as Record<string, unknown>;
      return {
        apiKey: typeof apiKey === "string" && apiKey ? apiKey : undefined,
        managementKey: typeof managementKey === "string" && managementKey ? managementKey : undefined,
      };
    }
  } catch {
    // A damaged file means new keys; the hashes in the database are replaced to match.
  }
  return {};
}

function writeKeysFile(file: string, keys: KeysFile) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
}

/**
 * Decides the two keys and makes the database accept exactly those.
 * Precedence per kind: the explicit value (option or env), then the generated key kept in the
 * keys file, then a new one. Only generated keys are written to the keys file: the BFF needs the
 * plaintext after a restart, and the data folder is already the server's secret store (it holds
 * AUTH_SECRET too), while keys given through the environment stay where they came from.
 */
export function resolveKeys(
  db: Db,
  opts: { apiKey?: string; managementKey?: string; keysFile: string | null; defaultWorkspaceId: string },
): ResolvedKeys {
  const stored = readKeysFile(opts.keysFile);
  const toKeep: KeysFile = { ...stored };
  let generatedAny = false;
  const pick = (explicit: string | undefined, kept: string | undefined, kind: KeyKind, slot: keyof KeysFile) => {
    if (explicit) return explicit;
    if (kept) return kept;
    const fresh = generateKey(kind);
    toKeep[slot] = fresh;
    generatedAny = true;
    return fresh;
  };
  const apiKey = pick(opts.apiKey, stored.apiKey, "standard", "apiKey");
  const managementKey = pick(opts.managementKey, stored.managementKey, "management", "managementKey");
  if (apiKey === managementKey) throw new Error("the API key and the management key must differ");

  const now = new Date().toISOString();
  const upsert = db.transaction(() => {
    for (const [kind, key] of [
      ["standard", apiKey],
      ["management", managementKey],
    ] as const) {
      const hash = hashKey(key);
      const existing = db.prepare("SELECT id FROM api_keys WHERE kind = ? AND key_hash = ?").get(kind, hash);
      if (existing) continue;
      db.prepare("DELETE FROM api_keys WHERE kind = ?").run(kind);
      db.prepare(
        "INSERT INTO api_keys (id, kind, key_hash, label, user_id, default_workspace_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).run(
        randomUUID(),
        kind,
        hash,
        kind === "management" ? "Embedded management key" : "Embedded API key",
        "user_embedded_owner",
        opts.defaultWorkspaceId,
        now,
      );
    }
  });
  upsert.immediate();

  if (opts.keysFile && generatedAny) writeKeysFile(opts.keysFile, toKeep);
  return { apiKey, managementKey };
}

export function findKey(db: Db, presented: string): AuthenticatedKey | null {
  const row = db
    .prepare("SELECT id, kind, user_id, default_workspace_id FROM api_keys WHERE key_hash = ?")
    .get(hashKey(presented)) as { id: string; kind: KeyKind; user_id: string; default_workspace_id: string } | undefined;
  return row ? { id: row.id, kind: row.kind, userId: row.user_id, defaultWorkspaceId: row.default_workspace_id } : null;
}
