import { ChatRequestSchema } from "@/lib/contract/gateway";
import { extractPresetConfig } from "@/lib/presets/extract-config";
import type { Db } from "../db";
import { PresetsStore } from "../presets-store";
import { DEMO_PRESETS } from "./demo-presets";
import { insertDemoFiles } from "./demo-files";
import { VIDEO_MODELS } from "./video-models";

const SECOND_WORKSPACE_FILES = 300;
const DAY_MS = 24 * 3600 * 1000;

function metaGet(db: Db, key: string): string | null {
  return (db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key) as string | undefined) ?? null;
}

/** The video catalog is the gateway's own data (not demo data): it is refreshed on every start. */
export function syncVideoModels(db: Db): void {
  db.transaction(() => {
    db.prepare("DELETE FROM video_models").run();
    const insert = db.prepare("INSERT INTO video_models (id, position, body) VALUES (?, ?, ?)");
    VIDEO_MODELS.forEach((model, position) => insert.run(model.id, position, JSON.stringify(model)));
  }).immediate();
}

/**
 * Demo data, once per database: presets with several versions and files in both workspaces.
 * All of it is one transaction with the marker row, so an interrupted first start leaves nothing
 * behind and the next start seeds again from scratch.
 */
export function seedDemoData(db: Db, opts: { defaultWorkspaceId: string; secondWorkspaceId: string; demoFiles: number; now?: number }): boolean {
  if (metaGet(db, "demo_seeded_at")) return false;
  const now = opts.now ?? Date.now();
  const presets = new PresetsStore(db);
  db.transaction(() => {
    for (const preset of DEMO_PRESETS) {
      for (const { daysAgo, request } of preset.versions) {
        const { config, system_prompt } = extractPresetConfig(ChatRequestSchema.parse(request));
        presets.createVersion({
          workspaceId: opts.defaultWorkspaceId,
          slug: preset.slug,
          config,
          systemPrompt: system_prompt,
          creatorId: "user_embedded_owner",
          expectedVersionId: null,
          now: new Date(now - daysAgo * DAY_MS).toISOString(),
        });
      }
    }
    insertDemoFiles(db, opts.defaultWorkspaceId, opts.demoFiles, 20_250_101, now);
    insertDemoFiles(db, opts.secondWorkspaceId, SECOND_WORKSPACE_FILES, 20_250_202, now);
    db.prepare("INSERT INTO meta (key, value) VALUES ('demo_seeded_at', ?)").run(new Date(now).toISOString());
  }).immediate();
  return true;
}
