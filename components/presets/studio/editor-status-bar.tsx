"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export interface EditorStatusBarProps {
  readOnly: boolean;
  dirty: boolean;
  /** The draft is kept in this browser. */
  draftKept: boolean;
  isNew: boolean;
  baseVersion: number | undefined;
  problemCount: number;
  /** A JSON text field (or the JSON view) does not parse. */
  blockedByText: boolean;
  /** There is a draft to discard. */
  canDiscard: boolean;
  canSave: boolean;
  onDiscard: () => void;
  onSave: () => void;
  /** The pointer or the focus is on Save: time to fetch what a save shows. */
  onSaveNear: () => void;
}

/** What state the edit is in, with Discard and Save kept in reach. */
export function EditorStatusBar({
  readOnly,
  dirty,
  draftKept,
  isNew,
  baseVersion,
  problemCount,
  blockedByText,
  canDiscard,
  canSave,
  onDiscard,
  onSave,
  onSaveNear,
}: EditorStatusBarProps) {
  return (
    // Save stays in reach: a bar fixed at the bottom on small screens, sticky under the header on wide ones.
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:px-6 lg:sticky lg:inset-x-auto lg:bottom-auto lg:top-[3.3rem] lg:-mx-6 lg:border-t-0 lg:border-b dark:border-slate-800 dark:bg-slate-950/95">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm" aria-live="polite" data-testid="editor-status">
          {readOnly ? (
            <Badge>Read-only: your role can view presets but not save them</Badge>
          ) : dirty ? (
            <>
              <Badge tone="amber">Unsaved changes</Badge>
              {draftKept ? <span className="text-xs text-slate-600 dark:text-slate-400">Draft kept in this browser</span> : null}
            </>
          ) : isNew ? (
            <Badge tone="brand">New preset, not saved yet</Badge>
          ) : (
            <span className="text-slate-600 dark:text-slate-400">Editing version {baseVersion}, no changes</span>
          )}
          {!readOnly && problemCount > 0 ? (
            <Badge tone="red">
              {problemCount} {problemCount === 1 ? "problem" : "problems"}
            </Badge>
          ) : null}
          {blockedByText ? <Badge tone="red">JSON text does not parse</Badge> : null}
        </div>
        {!readOnly ? (
          <div className="flex gap-2">
            {canDiscard ? (
              <Button size="sm" onClick={onDiscard}>
                Discard draft
              </Button>
            ) : null}
            <Button size="sm" variant="primary" onClick={onSave} onPointerEnter={onSaveNear} onFocus={onSaveNear} disabled={!canSave}>
              {isNew ? "Create preset…" : "Save…"}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
