import { createHash } from "node:crypto";
import { randomUUID } from "node:crypto";
import type { Db } from "./db";

interface WorkspaceRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  created_by: string;
  created_at: string;
  updated_at: string | null;
}

/** The real gateway's workspace object: stored fields plus the settings Gatehouse does not manage, at their defaults. */
/** The OpenAPI: "Deterministic ID derived from the workspace ID" (a name-based UUID, version 5 layout). */
function defaultGuardrailId(workspaceId: string): string {
  const hex = createHash("sha1").update(`guardrail:${workspaceId}`).digest("hex").slice(0, 32).split("");
  hex[12] = "5";
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export function workspaceToWire(row: WorkspaceRow) {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    created_by: row.created_by,
    default_guardrail_id: defaultGuardrailId(row.id),
    default_image_model: null,
    default_provider_sort: null,
    default_text_model: null,
    include_byok_in_budgets: false,
    io_logging_api_key_ids: null,
    io_logging_sampling_rate: 1,
    is_data_discount_logging_enabled: false,
    is_observability_broadcast_enabled: false,
    is_observability_io_logging_enabled: false,
  };
}

const DEFAULT_WORKSPACES = [
  { slug: "default", name: "Default workspace", description: "Where the embedded gateway's keys work unless a request names another workspace." },
  { slug: "research", name: "Research", description: "A second workspace with its own files, to try workspace switching." },
] as const;

export class WorkspacesStore {
  constructor(private readonly db: Db) {}

  /** Creates the two workspaces on first start; returns the default one's id. */
  ensureDefaults(now = new Date().toISOString()): string {
    this.db
      .transaction(() => {
        DEFAULT_WORKSPACES.forEach((ws, position) => {
          this.db
            .prepare(
              "INSERT OR IGNORE INTO workspaces (id, slug, name, description, created_by, created_at, updated_at, position) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
            )
            .run(randomUUID(), ws.slug, ws.name, ws.description, "user_embedded_owner", now, position);
        });
      })
      .immediate();
    return this.bySlug("default")!.id;
  }

  bySlug(slug: string): WorkspaceRow | null {
    return (this.db.prepare("SELECT * FROM workspaces WHERE slug = ?").get(slug) as WorkspaceRow | undefined) ?? null;
  }

  byId(id: string): WorkspaceRow | null {
    return (this.db.prepare("SELECT * FROM workspaces WHERE id = ?").get(id) as WorkspaceRow | undefined) ?? null;
  }

  list(offset: number, limit: number): { data: WorkspaceRow[]; total_count: number } {
    const data = this.db.prepare("SELECT * FROM workspaces ORDER BY position, created_at LIMIT ? OFFSET ?").all(limit, offset) as WorkspaceRow[];
    const total = this.db.prepare("SELECT COUNT(*) FROM workspaces").pluck().get() as number;
    return { data, total_count: total };
  }
}
