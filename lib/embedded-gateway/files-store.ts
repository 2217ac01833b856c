import { randomBytes } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
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
const CHUNK_BYTES = 1024 * 1024;

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function newFileId(): string {
  const bytes = randomBytes(24);
  let out = "or_file_";
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

/** The OpenAPI's unions tell the file shapes apart by `_shape`; ours is always OpenRouter's. */
export const FILE_SHAPE = "openrouter" as const;

export function fileToWire(row: FileRow) {
  return {
    _shape: FILE_SHAPE,
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
  private readonly pageStmts;
  private readonly byIdStmt;
  private readonly chunksStmt;

  constructor(private readonly db: Db) {
    const columns = "seq, id, workspace_id, filename, mime_type, size_bytes, downloadable, created_at, source";
    // Keyset pagination on seq, either way (desc: newest first; asc: oldest first). The (workspace_id, seq)
    // index makes every page a seek plus `limit` steps, whatever the depth.
    this.pageStmts = {
      desc: {
        first: db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? ORDER BY seq DESC LIMIT ?`),
        after: db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`),
      },
      asc: {
        first: db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? ORDER BY seq ASC LIMIT ?`),
        after: db.prepare(`SELECT ${columns} FROM files WHERE workspace_id = ? AND seq > ? ORDER BY seq ASC LIMIT ?`),
      },
    };
    this.byIdStmt = db.prepare(`SELECT ${columns} FROM files WHERE id = ? AND workspace_id = ?`);
    this.chunksStmt = db.prepare("SELECT data FROM file_chunks WHERE file_seq = ? AND idx = ?").pluck();
  }

  /** Returns up to limit + 1 rows so the caller can tell whether another page exists. */
  page(workspaceId: string, afterSeq: number | null, limit: number, order: "asc" | "desc" = "desc"): FileRow[] {
    const stmts = this.pageStmts[order];
    return (afterSeq === null ? stmts.first.all(workspaceId, limit + 1) : stmts.after.all(workspaceId, afterSeq, limit + 1)) as FileRow[];
  }

  get(workspaceId: string, id: string): FileRow | null {
    return (this.byIdStmt.get(id, workspaceId) as FileRow | undefined) ?? null;
  }

  /**
   * Stores a received upload from its temp file, reading one chunk at a time into one reused
   * buffer: memory stays at CHUNK_BYTES whatever the file's size (SQLite copies each bound blob).
   * The file row and all its chunks commit together, so a crash never leaves a file with missing bytes.
   */
  insertUploadFromFile(workspaceId: string, input: { filename: string; mimeType: string; path: string; size: number }): FileRow {
    const fd = openSync(input.path, "r");
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, input.size));
      return this.insertWithChunks(workspaceId, input, (insertChunk) => {
        for (let offset = 0, idx = 0; offset < input.size; offset += CHUNK_BYTES, idx++) {
          const length = Math.min(CHUNK_BYTES, input.size - offset);
          let filled = 0;
          while (filled < length) {
            const read = readSync(fd, buffer, filled, length - filled, offset + filled);
            if (read === 0) throw new Error(`upload temp file ended at ${offset + filled} of ${input.size} bytes`);
            filled += read;
          }
          insertChunk(idx, buffer.subarray(0, length));
        }
      });
    } finally {
      closeSync(fd);
    }
  }

  private insertWithChunks(
    workspaceId: string,
    input: { filename: string; mimeType: string; size: number },
    writeChunks: (insertChunk: (idx: number, data: Buffer) => void) => void,
  ): FileRow {
    const id = newFileId();
    const createdAt = new Date().toISOString();
    return this.db
      .transaction(() => {
        const { lastInsertRowid } = this.db
          .prepare(
            "INSERT INTO files (id, workspace_id, filename, mime_type, size_bytes, downloadable, created_at, source) VALUES (?, ?, ?, ?, ?, 1, ?, 'upload')",
          )
          .run(id, workspaceId, input.filename, input.mimeType, input.size, createdAt);
        const seq = Number(lastInsertRowid);
        const insertChunk = this.db.prepare("INSERT INTO file_chunks (file_seq, idx, data) VALUES (?, ?, ?)");
        writeChunks((idx, data) => insertChunk.run(seq, idx, data));
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
