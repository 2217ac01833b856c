import { randomBytes } from "node:crypto";
import type { Db } from "./db";

export interface FileRow {
  seq: number;
  id: string;
  workspace_id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  downloadable: 0 | 1;
  created_at: string;
  source: "seed" | "upload";
}

/** Uploaded bytes are kept in 1 MiB rows so a download can stream them without loading the whole file. */
export const CHUNK_BYTES = 1024 * 1024;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export function newFileId(): string {
  const bytes = randomBytes(24);
  let out = "or_file_";
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

export function fileToWire(row: FileRow) {
  return {
    id: row.id,
    type: "file" as const,
    filename: row.filename,
    mime_type: row.mime_type,
    size_bytes: row.size_bytes,
    downloadable: row.downloadable === 1,
    created_at: row.created_at,
  };
}

export class FilesStore {
  private readonly pageStmt;
  private readonly firstPageStmt;
  private readonly byIdStmt;
  private readonly chunksStmt;

  constructor(private readonly db: Db) {
    const columns = "seq, id, workspace_id, filename, mime_type, size_bytes, downloadable, created_at, source";
    // Keyset pagination on seq (descending: newest first). The (workspace_id, seq) index makes
    // every page a seek plus `limit` steps, whatever the depth.
    this.firstPageStmt = db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?`);
    this.pageStmt = db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`);
    this.byIdStmt = db.prepare(`SELECT ${columns} FROM files WHERE id = ? AND workspace_id = ?`);
    this.chunksStmt = db.prepare("SELECT data FROM file_chunks WHERE file_seq = ? AND idx = ?").pluck();
  }

  /** Returns up to limit + 1 rows so the caller can tell whether another page exists. */
  page(workspaceId: string, beforeSeq: number | null, limit: number): FileRow[] {
    return (
      beforeSeq === null ? this.firstPageStmt.all(workspaceId, limit + 1) : this.pageStmt.all(workspaceId, beforeSeq, limit + 1)
    ) as FileRow[];
  }

  get(workspaceId: string, id: string): FileRow | null {
    return (this.byIdStmt.get(id, workspaceId) as FileRow | undefined) ?? null;
  }

  /** The file row and all its chunks commit together, so a crash never leaves a file with missing bytes. */
  insertUpload(workspaceId: string, input: { filename: string; mimeType: string; data: Uint8Array }): FileRow {
    const id = newFileId();
    const createdAt = new Date().toISOString();
    return this.db
      .transaction(() => {
        const { lastInsertRowid } = this.db
          .prepare(
            "INSERT INTO files (id, workspace_id, filename, mime_type, size_bytes, downloadable, created_at, source) VALUES (?, ?, ?, ?, ?, 1, ?, 'upload')",
          )
          .run(id, workspaceId, input.filename, input.mimeType, input.data.byteLength, createdAt);
        const seq = Number(lastInsertRowid);
        const insertChunk = this.db.prepare("INSERT INTO file_chunks (file_seq, idx, data) VALUES (?, ?, ?)");
        for (let offset = 0, idx = 0; offset < input.data.byteLength; offset += CHUNK_BYTES, idx++) {
          insertChunk.run(seq, idx, Buffer.from(input.data.buffer, input.data.byteOffset + offset, Math.min(CHUNK_BYTES, input.data.byteLength - offset)));
        }
        return this.byIdStmt.get(id, workspaceId) as FileRow;
      })
      .immediate();
  }

  delete(workspaceId: string, id: string): boolean {
    return this.db.prepare("DELETE FROM files WHERE id = ? AND workspace_id = ?").run(id, workspaceId).changes > 0;
  }

  chunk(seq: number, idx: number): Buffer | null {
    return (this.chunksStmt.get(seq, idx) as Buffer | undefined) ?? null;
  }

  count(workspaceId: string): number {
    return this.db.prepare("SELECT COUNT(*) FROM files WHERE workspace_id = ?").pluck().get(workspaceId) as number;
  }
}
