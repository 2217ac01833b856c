import { createHmac, timingSafeEqual } from "node:crypto";

/** Where a file listing stopped: the workspace it walks, its direction and the last position it returned. */
export interface FileCursor {
  workspaceId: string;
  /** The seq of the last file on the previous page; the next page starts strictly past it. */
  afterSeq: number;
  /** desc: newest first (the embedded default); asc: oldest first (the real gateway's only order). */
  order: "asc" | "desc";
}

/**
 * Cursors are opaque to clients: base64url JSON plus an HMAC over it. The signature turns a
 * hand-edited cursor into a clean 400 instead of an arbitrary jump (or a 500 on garbage), and the
 * workspace inside stops a cursor from one workspace being replayed against another.
 */
export function encodeCursor(cursor: FileCursor, secret: Buffer): string {
  const payload = Buffer.from(JSON.stringify({ v: 1, w: cursor.workspaceId, s: cursor.afterSeq, ...(cursor.order === "asc" ? { o: "asc" } : {}) }), "utf8").toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

export function decodeCursor(raw: string, secret: Buffer): FileCursor | null {
  if (raw.length > 512) return null;
  const dot = raw.indexOf(".");
  if (dot <= 0 || dot !== raw.lastIndexOf(".")) return null;
  const payload = raw.slice(0, dot);
  // Compared as text: base64url decoding ignores trailing bits, so two spellings could decode alike.
  const given = Buffer.from(raw.slice(dot + 1), "utf8");
  const expected = Buffer.from(sign(payload, secret), "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
    if (parsed.v !== 1 || typeof parsed.w !== "string" || !Number.isSafeInteger(parsed.s) || (parsed.s as number) < 0) return null;
    if (parsed.o !== undefined && parsed.o !== "asc") return null;
    // Cursors issued before `order` existed walk newest first.
    return { workspaceId: parsed.w, afterSeq: parsed.s as number, order: parsed.o === "asc" ? "asc" : "desc" };
  } catch {
    return null;
  }
}

function sign(payload: string, secret: Buffer): string {
  return createHmac("sha256", secret).update(payload).digest().subarray(0, 16).toString("base64url");
}
