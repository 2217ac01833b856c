import { randomUUID } from "node:crypto";
import type { Db } from "./db";

interface PresetRow {
  id: string;
  workspace_id: string;
  slug: string;
  name: string;
  description: string | null;
  status: string;
  status_updated_at: string | null;
  created_at: string;
  updated_at: string;
  creator_user_id: string;
  designated_version_id: string;
}

interface VersionRow {
  id: string;
  preset_id: string;
  version: number;
  config: string;
  system_prompt: string;
  creator_id: string;
  created_at: string;
  updated_at: string;
}

export type WirePreset = PresetRow;
export type WirePresetVersion = Omit<VersionRow, "config"> & { config: Record<string, unknown> };
export type WirePresetWithVersion = WirePreset & { designated_version: WirePresetVersion };

/** Raised when If-Match names a designated version that is no longer current. */
export class PresetConflictError extends Error {
  constructor(readonly current: WirePresetWithVersion | null) {
    super("preset conflict");
  }
}

const PRESET_COLUMNS =
  "id, workspace_id, slug, name, description, status, status_updated_at, created_at, updated_at, creator_user_id, designated_version_id";
const VERSION_COLUMNS = "id, preset_id, version, config, system_prompt, creator_id, created_at, updated_at";

function versionToWire(row: VersionRow): WirePresetVersion {
  return { ...row, config: JSON.parse(row.config) as Record<string, unknown> };
}

export class PresetsStore {
  constructor(private readonly db: Db) {}

  list(workspaceId: string, offset: number, limit: number): { data: WirePreset[]; total_count: number } {
    const data = this.db
      .prepare(`SELECT ${PRESET_COLUMNS} FROM presets WHERE workspace_id = ? ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(workspaceId, limit, offset) as PresetRow[];
    const total = this.db.prepare("SELECT COUNT(*) FROM presets WHERE workspace_id = ?").pluck().get(workspaceId) as number;
    return { data, total_count: total };
  }

  get(workspaceId: string, slug: string): WirePresetWithVersion | null {
    const preset = this.db.prepare(`SELECT ${PRESET_COLUMNS} FROM presets WHERE workspace_id = ? AND slug = ?`).get(workspaceId, slug) as
      | PresetRow
      | undefined;
    if (!preset) return null;
    const version = this.db.prepare(`SELECT ${VERSION_COLUMNS} FROM preset_versions WHERE id = ?`).get(preset.designated_version_id) as VersionRow;
    return { ...preset, designated_version: versionToWire(version) };
  }

  versions(presetId: string, offset: number, limit: number): { data: WirePresetVersion[]; total_count: number } {
    const rows = this.db
      .prepare(`SELECT ${VERSION_COLUMNS} FROM preset_versions WHERE preset_id = ? ORDER BY version ASC LIMIT ? OFFSET ?`)
      .all(presetId, limit, offset) as VersionRow[];
    const total = this.db.prepare("SELECT COUNT(*) FROM preset_versions WHERE preset_id = ?").pluck().get(presetId) as number;
    return { data: rows.map(versionToWire), total_count: total };
  }

  version(presetId: string, version: number): WirePresetVersion | null {
    const row = this.db.prepare(`SELECT ${VERSION_COLUMNS} FROM preset_versions WHERE preset_id = ? AND version = ?`).get(presetId, version) as
      | VersionRow
      | undefined;
    return row ? versionToWire(row) : null;
  }

  /**
   * Creates the preset (version 1) or appends version n+1 and designates it, in one IMMEDIATE
   * transaction: the write lock is taken before the current version is read, so two writers can
   * never both compute the same next number (UNIQUE(preset_id, version) backs this up), and the
   * preset row and its new version commit together or not at all.
   */
  createVersion(input: {
    workspaceId: string;
    slug: string;
    config: Record<string, unknown>;
    systemPrompt: string;
    creatorId: string;
    /** The designated version the caller edited (If-Match); null when it did not say. */
    expectedVersionId: string | null;
    now?: string;
  }): WirePresetWithVersion {
    const run = this.db.transaction(() => {
      const now = input.now ?? new Date().toISOString();
      const existing = this.db
        .prepare(`SELECT ${PRESET_COLUMNS} FROM presets WHERE workspace_id = ? AND slug = ?`)
        .get(input.workspaceId, input.slug) as PresetRow | undefined;
      if (input.expectedVersionId !== null) {
        const matches = existing && (input.expectedVersionId === "*" || existing.designated_version_id === input.expectedVersionId);
        if (!matches) throw new PresetConflictError(existing ? this.get(input.workspaceId, input.slug) : null);
      }
      const presetId = existing?.id ?? randomUUID();
      const versionId = randomUUID();
      const next = existing
        ? ((this.db.prepare("SELECT MAX(version) FROM preset_versions WHERE preset_id = ?").pluck().get(presetId) as number) ?? 0) + 1
        : 1;
      if (existing) {
        this.db.prepare("UPDATE presets SET designated_version_id = ?, updated_at = ? WHERE id = ?").run(versionId, now, presetId);
      } else {
        this.db
          .prepare(
            `INSERT INTO presets (${PRESET_COLUMNS}) VALUES (?, ?, ?, ?, NULL, 'active', NULL, ?, ?, ?, ?)`,
          )
          .run(presetId, input.workspaceId, input.slug, input.slug, now, now, input.creatorId, versionId);
      }
      this.db
        .prepare(`INSERT INTO preset_versions (${VERSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(versionId, presetId, next, JSON.stringify(input.config), input.systemPrompt, input.creatorId, now, now);
      return this.get(input.workspaceId, input.slug) as WirePresetWithVersion;
    });
    return run.immediate();
  }
}
