"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { questionSetKeys, updateQuestionSet } from "@/lib/client/queries/evaluation-sets";
import type { QuestionSetVersionBody } from "@/lib/contract/bff/evaluations";

/**
 * Renames a question set (editors). A set's name changes with a save, so this saves the newest rows unchanged under
 * the new name (a version noted "Renamed"); a stale newest version is refused by the API like any save.
 */
export function RenameSet({ set, onRenamed }: { set: QuestionSetVersionBody; onRenamed: (name: string) => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(set.name);
  const rename = useMutation({
    mutationFn: (name: string) => updateQuestionSet(set.set_id, { base_version: set.version, name, rows: set.rows, note: `Renamed from “${set.name}”`.slice(0, 500) }),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: questionSetKeys.all });
      setEditing(false);
      onRenamed(saved.name);
    },
  });
  if (!editing) {
    return (
      <Button size="sm" onClick={() => (setDraft(set.name), setEditing(true))}>
        Rename
      </Button>
    );
  }
  return (
    <form
      className="flex basis-full flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate(draft.trim());
      }}
    >
      <label htmlFor="set-name-input" className="sr-only">
        Set name
      </label>
      <Input id="set-name-input" value={draft} maxLength={200} onChange={(event) => setDraft(event.target.value)} className="w-full max-w-sm" autoFocus />
      <Button type="submit" size="sm" variant="primary" disabled={rename.isPending || draft.trim() === "" || draft.trim() === set.name}>
        {rename.isPending ? "Saving…" : "Save name"}
      </Button>
      <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Keep the name
      </Button>
      {rename.error ? <Alert className="basis-full">{apiErrorMessage(rename.error)}</Alert> : null}
    </form>
  );
}
