import type { Db } from "../db";
import { createRng, type Rng } from "../random";

interface Kind {
  mime: string;
  ext: string;
  minBytes: number;
  maxBytes: number;
  weight: number;
  names: readonly string[];
}

const KINDS: readonly Kind[] = [
  { mime: "application/pdf", ext: "pdf", minBytes: 40_000, maxBytes: 30_000_000, weight: 18, names: ["invoice", "contract", "quarterly-report", "whitepaper", "board-minutes", "tax-return", "spec", "research-paper", "Résumé – Zoë Müller", "lease-agreement", "NDA-signed"] },
  { mime: "image/png", ext: "png", minBytes: 20_000, maxBytes: 8_000_000, weight: 12, names: ["screenshot", "diagram", "architecture", "wireframe", "chart", "logo", "mockup"] },
  { mime: "image/jpeg", ext: "jpg", minBytes: 60_000, maxBytes: 12_000_000, weight: 10, names: ["IMG", "team-offsite", "whiteboard", "receipt", "product-shot", "héros-banner"] },
  { mime: "image/gif", ext: "gif", minBytes: 30_000, maxBytes: 6_000_000, weight: 2, names: ["animation", "loading-spinner", "demo-clip"] },
  { mime: "image/webp", ext: "webp", minBytes: 15_000, maxBytes: 3_000_000, weight: 3, names: ["thumbnail", "avatar", "hero-image"] },
  { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", minBytes: 12_000, maxBytes: 9_000_000, weight: 9, names: ["meeting-notes", "proposal", "product-roadmap", "interview-guide", "policy-draft", "Angebot-Übersetzung"] },
  { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx", minBytes: 8_000, maxBytes: 15_000_000, weight: 8, names: ["budget-forecast", "headcount-plan", "pricing-model", "inventory", "cohort-analysis"] },
  { mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation", ext: "pptx", minBytes: 200_000, maxBytes: 40_000_000, weight: 5, names: ["board-deck", "all-hands", "sales-pitch", "launch-plan"] },
  { mime: "audio/mpeg", ext: "mp3", minBytes: 500_000, maxBytes: 60_000_000, weight: 4, names: ["podcast-episode", "voice-memo", "customer-call", "earnings-call"] },
  { mime: "audio/wav", ext: "wav", minBytes: 1_000_000, maxBytes: 90_000_000, weight: 2, names: ["interview", "field-recording", "dictation"] },
  { mime: "audio/flac", ext: "flac", minBytes: 2_000_000, maxBytes: 80_000_000, weight: 1, names: ["master-track", "ambient-sample"] },
  { mime: "audio/ogg", ext: "ogg", minBytes: 300_000, maxBytes: 20_000_000, weight: 1, names: ["voice-note", "standup-recording"] },
  { mime: "application/json", ext: "json", minBytes: 300, maxBytes: 4_000_000, weight: 6, names: ["config", "openapi", "schema", "export", "feature-flags", "i18n-日本語"] },
  { mime: "application/x-ndjson", ext: "jsonl", minBytes: 2_000, maxBytes: 50_000_000, weight: 4, names: ["events", "support-tickets", "eval-dataset", "fine-tune-batch"] },
  { mime: "text/csv", ext: "csv", minBytes: 1_000, maxBytes: 25_000_000, weight: 7, names: ["sales-export", "customers", "transactions", "web-analytics", "📊 metrics"] },
  { mime: "text/markdown", ext: "md", minBytes: 400, maxBytes: 400_000, weight: 5, names: ["README", "CHANGELOG", "design-doc", "runbook", "会议记录", "retro-notes"] },
  { mime: "text/plain", ext: "txt", minBytes: 100, maxBytes: 2_000_000, weight: 3, names: ["notes", "server-log", "transcript", "todo", "prompt-draft"] },
];

const TOTAL_WEIGHT = KINDS.reduce((sum, kind) => sum + kind.weight, 0);

function pickKind(rng: Rng): Kind {
  let roll = rng.next() * TOTAL_WEIGHT;
  for (const kind of KINDS) {
    roll -= kind.weight;
    if (roll < 0) return kind;
  }
  return KINDS[KINDS.length - 1];
}

function pad(n: number, width = 2) {
  return String(n).padStart(width, "0");
}

function filenameFor(kind: Kind, rng: Rng, date: Date): string {
  const base = rng.pick(kind.names);
  const y = date.getUTCFullYear();
  const m = pad(date.getUTCMonth() + 1);
  const d = pad(date.getUTCDate());
  switch (rng.int(0, 5)) {
    case 0:
      return `${base}-${y}-${m}-${d}.${kind.ext}`;
    case 1:
      return `${base}-v${rng.int(1, 12)}.${kind.ext}`;
    case 2:
      return base === "IMG" ? `IMG_${rng.int(1000, 9999)}.${kind.ext}` : `${base} (${rng.int(1, 4)}).${kind.ext}`;
    case 3:
      return `${base}_${y}${m}${d}_${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}.${kind.ext}`;
    case 4:
      return `${base}-${rng.pick(["final", "draft", "review", "FINAL-final", "approved", "wip"])}.${kind.ext}`;
    default:
      return `${base}.${kind.ext}`;
  }
}

interface DemoFile {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number;
  downloadable: 0 | 1;
  created_at: string;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Files with creation dates spread evenly (with jitter) over the year before `end`, generated in
 * ascending date order so that insertion order (seq) and creation date agree: the listing's
 * newest-first order is then also a newest-created-first order.
 */
function* generateDemoFiles(count: number, seed: number, end: number): Generator<DemoFile> {
  const rng = createRng(seed);
  const start = end - YEAR_MS;
  const step = count > 0 ? YEAR_MS / count : 0;
  for (let i = 0; i < count; i++) {
    const at = Math.min(end - 1000, Math.floor(start + i * step + rng.next() * step));
    const date = new Date(at);
    const kind = pickKind(rng);
    yield {
      id: `or_file_${rng.base62(24)}`,
      filename: filenameFor(kind, rng, date),
      mime_type: kind.mime,
      size_bytes: rng.logUniform(kind.minBytes, kind.maxBytes),
      // The real gateway only lets files created server-side be downloaded; about a third of the
      // demo files play that part.
      downloadable: rng.chance(0.35) ? 1 : 0,
      created_at: date.toISOString(),
    };
  }
}

/** Inserts in batches, each batch one transaction, so even a million rows never sit half-written. */
export function insertDemoFiles(db: Db, workspaceId: string, count: number, seed: number, end = Date.now(), batch = 50_000): void {
  const insert = db.prepare(
    "INSERT INTO files (id, workspace_id, filename, mime_type, size_bytes, downloadable, created_at, source) VALUES (?, ?, ?, ?, ?, ?, ?, 'seed')",
  );
  const flush = db.transaction((rows: DemoFile[]) => {
    for (const f of rows) insert.run(f.id, workspaceId, f.filename, f.mime_type, f.size_bytes, f.downloadable, f.created_at);
  });
  let pending: DemoFile[] = [];
  for (const file of generateDemoFiles(count, seed, end)) {
    pending.push(file);
    if (pending.length >= batch) {
      flush.immediate(pending);
      pending = [];
    }
  }
  if (pending.length) flush.immediate(pending);
}
