/**
 * Unsaved preset edits kept in the browser, one entry per slug, so a reload or a crash loses nothing.
 * The draft remembers the version it was based on: saving it later still goes through the conflict
 * check against that version.
 */

export interface PresetDraft {
  /** The chat request being edited, as the form holds it. */
  request: Record<string, unknown>;
  /** designated_version_id the edit started from; null for a preset not created yet. */
  baseVersionId: string | null;
  /** Version number of that base, for the banner. */
  baseVersion: number | null;
  /** Epoch milliseconds of the last change. */
  savedAt: number;
}

const PREFIX = "gatehouse:preset-draft:";

export function draftKey(slug: string): string {
  return `${PREFIX}${slug}`;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): drafts are simply not kept.
    return null;
  }
}

function isDraft(value: unknown): value is PresetDraft {
  if (value === null || typeof value !== "object") return false;
  const draft = value as Record<string, unknown>;
  return (
    draft.request !== null &&
    typeof draft.request === "object" &&
    !Array.isArray(draft.request) &&
    (draft.baseVersionId === null || typeof draft.baseVersionId === "string") &&
    (draft.baseVersion === null || typeof draft.baseVersion === "number") &&
    typeof draft.savedAt === "number"
  );
}

export function loadDraft(slug: string, store: Storage | null = storage()): PresetDraft | null {
  const raw = store?.getItem(draftKey(slug));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function saveDraft(slug: string, draft: PresetDraft, store: Storage | null = storage()): void {
  try {
    store?.setItem(draftKey(slug), JSON.stringify(draft));
  } catch {
    // Quota exceeded: the edit stays in the page; nothing else to do.
  }
}

export function discardDraft(slug: string, store: Storage | null = storage()): void {
  store?.removeItem(draftKey(slug));
}
