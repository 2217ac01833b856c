"use client";

import { useQueryClient } from "@tanstack/react-query";
import { InlineRenameForm } from "@/components/ui/inline-rename-form";
import { questionSetKeys, updateQuestionSet } from "@/lib/client/queries/evaluation-sets";
import type { QuestionSetVersionBody } from "@/lib/contract/bff/evaluations";

/**
 * Renames a question set (editors). A set's name changes with a save, so this saves the newest rows unchanged under
 * the new name (a version noted "Renamed"); a stale newest version is refused by the API like any save.
 */
export function RenameSet({ set, onRenamed }: { set: QuestionSetVersionBody; onRenamed: (name: string) => void }) {
  const queryClient = useQueryClient();
  return (
    <InlineRenameForm
      name={set.name}
      label="Set name"
      className="contents"
      inputClassName="w-full max-w-sm"
      buttonVariant="secondary"
      save={async (name) => {
        const saved = await updateQuestionSet(set.set_id, { base_version: set.version, name, rows: set.rows, note: `Renamed from “${set.name}”`.slice(0, 500) });
        await queryClient.invalidateQueries({ queryKey: questionSetKeys.all });
        onRenamed(saved.name);
      }}
    />
  );
}
