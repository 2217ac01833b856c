"use client";

import { memo, useCallback, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import type { ChatRequestInput, PresetVersion, PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { newPresetRequest, storedFieldsOf, versionToRequest, type RequestValues } from "@/lib/presets/form-values";
import { checkFieldsWhenIdle, lazyChatRequestResolver, VALIDATOR_UNAVAILABLE } from "@/lib/presets/request-validator";
import { saveCheckNote } from "@/lib/presets/save-check";
import { PresetEditor } from "../editor/preset-editor";
import { NoticeBanner } from "../notice-banner";
import { BehindBanner, ProblemsAlert, RestoredDraftBanner } from "./editor-banners";
import { LazyConflictDialog, LazySaveReviewDialog, prefetchSaveDialogs } from "./editor-dialogs";
import { EditorStatusBar } from "./editor-status-bar";
import { useDraftAutosave } from "./use-draft-autosave";
import { useFollowDesignated } from "./use-follow-designated";
import { usePresetSave } from "./use-preset-save";
import { useSaveConflict } from "./use-save-conflict";
import { useRequestProblems } from "./use-request-problems";
import { useConflictResolution } from "./use-conflict-resolution";
import { useSaveReview } from "./use-save-review";
import { useUnparsedJson } from "./use-unparsed-json";
import { useWatchedRequest } from "./use-watched-request";

// This component re-renders on every keystroke (it watches the whole form for the status, the draft and the
// problem count); the form below it must not, or every section, row and JSON editor renders again with it.
// Its props are stable (the form object, memoised fields and callbacks), and each control subscribes to what it shows.
const MemoPresetEditor = memo(PresetEditor);

export interface EditorControllerProps {
  slug: string;
  /** The preset as last fetched; null while it does not exist yet. */
  preset: PresetWithDesignatedVersion | null;
  /** The version the edit starts from (null: a new preset). */
  initialBase: PresetVersion | null;
  /** A draft's request; null: the base version's (or a new preset's). */
  initialRequest: RequestValues | null;
  /** When a draft from this browser was restored, its time. */
  restoredDraftAt: number | null;
  /** Model for a new preset, from the "New preset" dialog. */
  newModel: string;
  readOnly: boolean;
  onCreated: () => void;
}

/**
 * Owns one editing session of a preset (a chunk of its own, with react-hook-form and the form; see PresetStudio): the form, the draft kept in the browser, the save with its
 * review and its conflict handling. The version the edit started from (`base`) travels with every
 * save as If-Match, so a save never lands on top of a version the user has not seen.
 */
export function EditorController({ slug, preset, initialBase, initialRequest, restoredDraftAt, newModel, readOnly, onCreated }: EditorControllerProps) {
  const [base, setBase] = useState<PresetVersion | null>(initialBase);
  const baseRequest = useMemo(() => (base ? versionToRequest(base) : newPresetRequest(newModel)), [base, newModel]);
  // Waits for the schema's chunk when it is not here yet: a save is always checked in full, at once, before it is
  // sent. A touched field's change is checked once typing pauses (FIELD_CHECK_IDLE_MS), not on every keystroke.
  const [resolver] = useState(() => checkFieldsWhenIdle(lazyChatRequestResolver));
  const form = useForm<ChatRequestInput>({ defaultValues: (initialRequest ?? baseRequest) as ChatRequestInput, resolver, mode: "onTouched" });
  const { current, dirty } = useWatchedRequest(form.control, baseRequest);
  const isNew = base === null;
  const { problems, unavailable: checksUnavailable } = useRequestProblems(current);

  const [notice, setNotice] = useState<string | null>(null);
  const review = useSaveReview(form, () => setNotice(null));
  const { blockedByText, report: reportUnparsed } = useUnparsedJson();

  const draft = useDraftAutosave({ slug, readOnly, dirty, isNew, current, base, restoredDraftAt });

  const resetTo = useCallback((request: RequestValues) => form.reset(request as ChatRequestInput), [form]);
  const moveTo = useCallback(
    (version: PresetVersion) => {
      setBase(version);
      resetTo(versionToRequest(version));
    },
    [resetTo],
  );

  // A clean editor follows the designated version when someone else moves it on.
  const designated = preset?.designated_version ?? null;
  const acknowledgeDesignated = useFollowDesignated(designated, dirty, base, moveTo);
  const behind = designated !== null && base !== null && designated.id !== base.id;

  // ---- Save ----------------------------------------------------------------------------------
  const storedFields = useMemo(() => storedFieldsOf(base), [base]);
  const edit = useMemo(() => ({ base, current, storedFields }), [base, current, storedFields]);
  const conflicts = useSaveConflict(slug, behind);
  const { conflict, authorOf } = conflicts;

  const discard = (latest: PresetVersion | null) => {
    draft.clear();
    setNotice(null);
    conflicts.clear();
    // Discarding goes back to what is designated now, not to an older version the draft began from.
    if (latest && latest.id !== base?.id) moveTo(latest);
    else resetTo(baseRequest);
  };

  const save = usePresetSave(slug, base, {
    onSaved: (envelope) => {
      const saved = envelope.data.designated_version;
      draft.clear();
      review.close();
      conflicts.clear();
      if (saved) {
        acknowledgeDesignated(saved.id);
        moveTo(saved);
        setNotice(`Saved as version ${saved.version}.${saveCheckNote(envelope)}`);
      }
      if (isNew) onCreated();
    },
    onConflict: (theirs) => {
      review.close();
      conflicts.show(theirs);
    },
    onFailed: review.fail,
  });

  const { takeTheirs, reapplyMine } = useConflictResolution({ slug, form, conflicts, setBase, moveTo, resetTo, setNotice });

  const canSave = !readOnly && !save.isPending && !blockedByText && (dirty || isNew);

  return (
    <div className="space-y-4 pb-20 lg:pb-0">
      <EditorStatusBar
        readOnly={readOnly}
        dirty={dirty}
        draftKept={Boolean(draft.draftSavedAt)}
        isNew={isNew}
        baseVersion={base?.version}
        problemCount={problems?.length ?? 0}
        blockedByText={blockedByText}
        canDiscard={dirty || draft.restoredAt !== null}
        canSave={canSave}
        onDiscard={() => discard(designated)}
        onSave={review.start}
        onSaveNear={prefetchSaveDialogs}
      />

      {draft.restoredAt !== null && dirty ? (
        <RestoredDraftBanner restoredAt={draft.restoredAt} baseVersion={base?.version ?? null} onDiscard={() => discard(designated)} />
      ) : null}
      {behind && dirty ? (
        <BehindBanner
          designatedVersion={designated?.version}
          author={designated ? authorOf(designated.version) : null}
          baseVersion={base?.version}
          onReviewConflict={conflict && !conflict.open ? () => conflicts.setOpen(true) : null}
        />
      ) : null}
      {review.showProblems && problems && problems.length > 0 ? <ProblemsAlert problems={problems} /> : null}
      {review.showProblems && checksUnavailable ? <Alert>{VALIDATOR_UNAVAILABLE}</Alert> : null}
      {notice ? <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} /> : null}

      <MemoPresetEditor
        form={form}
        storedFields={storedFields}
        readOnly={readOnly}
        reportUnparsed={reportUnparsed}
      />

      {review.mounted ? (
        <LazySaveReviewDialog
          open={review.open}
          onOpenChange={review.onOpenChange}
          edit={edit}
          baseLabel={base ? `version ${base.version}` : "nothing"}
          isNew={isNew}
          saving={save.isPending}
          error={review.error}
          onConfirm={() => save.mutate(current)}
          newerVersion={behind ? designated?.version : null}
        />
      ) : null}

      {conflict ? (
        <LazyConflictDialog
          open={conflict.open}
          edit={edit}
          theirs={conflict.theirs}
          theirAuthor={authorOf(conflict.theirs.version)}
          onTakeTheirs={takeTheirs}
          onReapplyMine={reapplyMine}
          onKeepEditing={() => conflicts.setOpen(false)}
        />
      ) : null}
    </div>
  );
}
