"use client";

import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { diffJson, presetDocument, summarizeDiff } from "@/lib/presets/diff";
import { storedEdit, type EditState } from "@/lib/presets/edit-state";
import { documentOf } from "@/lib/presets/version-document";
import { FieldDiffTable } from "@/components/ui/field-diff-table";
import { Alert } from "@/components/ui/alert";

/**
 * Before a save: exactly which stored fields change against the version the edit started from. A chunk of its
 * own (the diff, Radix Dialog), fetched on the way to the Save button.
 */
export default function SaveReviewDialog({
  open,
  onOpenChange,
  edit,
  baseLabel,
  isNew,
  saving,
  error,
  onConfirm,
  newerVersion,
}: {
  /** A version designated since the edit began; the save will stop at the conflict dialog. */
  newerVersion?: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  edit: EditState;
  baseLabel: string;
  isNew: boolean;
  saving: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  // Stays mounted after its first opening: computed only while open, not on every keystroke behind it.
  const stored = useMemo(() => (open ? storedEdit(edit) : null), [open, edit]);
  const changes = useMemo(() => (stored ? diffJson(documentOf(edit.base), presetDocument(stored)) : []), [edit.base, stored]);
  const ignoredFields = stored?.ignored_fields ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={isNew ? "Create this preset?" : "Review changes"}
        description={isNew ? "Version 1 will store these fields." : `${summarizeDiff(changes)} against ${baseLabel}.`}
        className="sm:max-w-3xl"
      >
        <div className="space-y-4">
          <FieldDiffTable changes={changes} beforeLabel={baseLabel} afterLabel="Your draft" />
          {ignoredFields.filter((field) => field !== "messages").length > 0 ? (
            <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              Not stored by the gateway: {ignoredFields.filter((field) => field !== "messages").join(", ")}. They are dropped from the editor after saving.
            </p>
          ) : null}
          {newerVersion ? (
            <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              Version {newerVersion} was saved since you started; you will see both changes side by side before anything is stored.
            </p>
          ) : null}
          {error ? (
            <Alert>{error}</Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button>Keep editing</Button>
            </DialogClose>
            <Button variant="primary" onClick={onConfirm} disabled={saving}>
              {saving ? "Saving…" : isNew ? "Create preset" : "Save new version"}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
