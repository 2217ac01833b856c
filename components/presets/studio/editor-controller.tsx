"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { ApiError, apiFetch } from "@/lib/client/api-client";
import { presetKeys, presetQueries } from "@/lib/client/queries/presets";
import {
  PresetSaveResponseSchema,
  PresetVersionSchema,
  type ChatRequestInput,
  type PresetVersion,
  type PresetWithDesignatedVersion,
} from "@/lib/gateway";
import { conflictRows, diffJson, jsonEqual, presetDocument } from "@/lib/presets/diff";
import { discardDraft, saveDraft } from "@/lib/presets/draft-storage";
import { chatRequestResolver, validateRequest } from "@/lib/presets/form-resolver";
import { newPresetRequest, pruneRequest, storedFieldsOf, storedPreview, versionToRequest, type RequestValues } from "@/lib/presets/form-values";
import { mergeThreeWay } from "@/lib/presets/merge";
import { saveCheckNote } from "@/lib/presets/save-check";
import { ConflictDialog } from "../conflict-dialog";
import { PresetEditor } from "../editor/preset-editor";
import { SaveReviewDialog } from "../save-review-dialog";
import { useUnsavedGuard } from "./use-unsaved-guard";

const EMPTY_DOCUMENT: Record<string, unknown> = {};

function documentOf(version: PresetVersion | null): Record<string, unknown> {
  return version ? presetDocument(version) : EMPTY_DOCUMENT;
}

export interface EditorControllerProps {
  slug: string;
  /** The preset as last fetched; null while it does not exist yet. */
  preset: PresetWithDesignatedVersion | null;
  /** The version the edit starts from (null: a new preset). */
  initialBase: PresetVersion | null;
  initialRequest: RequestValues;
  /** When a draft from this browser was restored, its time. */
  restoredDraftAt: number | null;
  /** Model for a new preset, from the "New preset" dialog. */
  newModel: string;
  readOnly: boolean;
  onCreated: () => void;
}

/**
 * Owns one editing session of a preset: the form, the draft kept in the browser, the save with its
 * review and its conflict handling. The version the edit started from (`base`) travels with every
 * save as If-Match, so a save never lands on top of a version the user has not seen.
 */
export function EditorController({ slug, preset, initialBase, initialRequest, restoredDraftAt, newModel, readOnly, onCreated }: EditorControllerProps) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState<PresetVersion | null>(initialBase);
  const form = useForm<ChatRequestInput>({
    defaultValues: initialRequest as ChatRequestInput,
    resolver: chatRequestResolver,
    mode: "onTouched",
  });
  const values = useWatch({ control: form.control });
  const current = useMemo(() => pruneRequest(values), [values]);
  const baseRequest = useMemo(() => (base ? versionToRequest(base) : newPresetRequest(newModel)), [base, newModel]);
  const dirty = !jsonEqual(current, pruneRequest(baseRequest));
  const isNew = base === null;
  const problems = useMemo(() => validateRequest(current), [current]);

  const [restoredAt, setRestoredAt] = useState(restoredDraftAt);
  const [draftSavedAt, setDraftSavedAt] = useState<number | null>(restoredDraftAt);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ theirs: PresetVersion; open: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [unparsed, setUnparsed] = useState<ReadonlySet<string>>(new Set());
  const [jsonViewUnparsed, setJsonViewUnparsed] = useState(false);

  // ---- Draft in the browser ------------------------------------------------------------------
  const draftRef = useRef<() => void>(() => {});
  const writeDraft = () => {
    if (readOnly) return;
    if (dirty || (isNew && restoredAt !== null)) {
      saveDraft(slug, { request: current, baseVersionId: base?.id ?? null, baseVersion: base?.version ?? null, savedAt: Date.now() });
    } else {
      discardDraft(slug);
    }
  };
  useEffect(() => {
    draftRef.current = writeDraft;
  });
  useEffect(() => {
    if (readOnly) return;
    const timer = setTimeout(() => {
      draftRef.current();
      setDraftSavedAt(dirty ? Date.now() : null);
    }, 250);
    return () => clearTimeout(timer);
  }, [current, dirty, base, slug, readOnly]);
  const flushDraft = useCallback(() => draftRef.current(), []);
  useUnsavedGuard(dirty && !readOnly, flushDraft);
  useEffect(() => {
    window.addEventListener("pagehide", flushDraft);
    return () => window.removeEventListener("pagehide", flushDraft);
  }, [flushDraft]);

  const resetTo = useCallback(
    (request: RequestValues) => {
      form.reset(request as ChatRequestInput);
    },
    [form],
  );

  const discard = (latest: PresetVersion | null) => {
    discardDraft(slug);
    setRestoredAt(null);
    setDraftSavedAt(null);
    setNotice(null);
    setConflict(null);
    // Discarding goes back to what is designated now, not to an older version the draft began from.
    if (latest && latest.id !== base?.id) {
      setBase(latest);
      resetTo(versionToRequest(latest));
    } else resetTo(baseRequest);
  };

  // ---- Someone (another tab, a restore) moved the designated version on ------------------------
  const designated = preset?.designated_version ?? null;
  const lastDesignatedId = useRef(designated?.id ?? null);
  useEffect(() => {
    const id = designated?.id ?? null;
    if (id === lastDesignatedId.current) return;
    lastDesignatedId.current = id;
    // A clean editor simply follows; a dirty one keeps its base and learns about it at save.
    if (designated && !dirty && designated.id !== base?.id) {
      // The trigger is a refetch (an external change) and the form reset below is an external store.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setBase(designated);
      resetTo(versionToRequest(designated));
    }
  }, [designated, dirty, base, resetTo]);
  const behind = designated !== null && base !== null && designated.id !== base.id;

  // ---- Save ----------------------------------------------------------------------------------
  const storedFields = useMemo(() => storedFieldsOf(base), [base]);
  const reviewChanges = useMemo(
    () => (reviewOpen ? diffJson(documentOf(base), presetDocument(storedPreview(current, storedFields))) : []),
    [reviewOpen, base, current, storedFields],
  );
  const stored = useMemo(() => (reviewOpen ? storedPreview(current, storedFields) : null), [reviewOpen, current, storedFields]);

  const save = useMutation({
    mutationFn: (request: RequestValues) =>
      apiFetch(`/api/presets/${encodeURIComponent(slug)}`, PresetSaveResponseSchema, {
        method: "POST",
        json: request,
        // If-None-Match: * makes a create fail, not overwrite, when someone created the slug first.
        headers: base ? { "If-Match": base.id } : { "If-None-Match": "*" },
      }),
    onSuccess: (envelope) => {
      const saved = envelope.data.designated_version;
      queryClient.setQueryData(presetKeys.detail(slug), envelope.data);
      void queryClient.invalidateQueries({ queryKey: presetKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: presetKeys.versions(slug) });
      void queryClient.invalidateQueries({ queryKey: presetKeys.audit(slug) });
      discardDraft(slug);
      setRestoredAt(null);
      setDraftSavedAt(null);
      setReviewOpen(false);
      setConflict(null);
      if (saved) {
        lastDesignatedId.current = saved.id;
        setBase(saved);
        resetTo(versionToRequest(saved));
        setNotice(`Saved as version ${saved.version}.${saveCheckNote(envelope)}`);
      }
      if (isNew) onCreated();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const theirs = PresetVersionSchema.safeParse(error.metadata?.current_version);
        if (theirs.success) {
          setReviewOpen(false);
          setConflict({ theirs: theirs.data, open: true });
          void queryClient.invalidateQueries({ queryKey: presetKeys.detail(slug) });
          void queryClient.invalidateQueries({ queryKey: presetKeys.audit(slug) });
          return;
        }
      }
      setSaveError(error instanceof Error ? error.message : "Saving failed");
    },
  });

  const startSave = () => {
    setSaveError(null);
    void form.handleSubmit(
      () => {
        setShowProblems(false);
        setReviewOpen(true);
      },
      () => {
        setNotice(null);
        setShowProblems(true);
      },
    )();
  };

  // ---- Conflict ------------------------------------------------------------------------------
  const audit = useQuery({ ...presetQueries.audit(slug), enabled: conflict !== null || behind });
  const authorOf = (version: number) => {
    const entry = audit.data?.find((item) => item.version === version);
    return entry ? entry.user_name || entry.user_email : null;
  };
  const rows = useMemo(
    () => (conflict ? conflictRows(documentOf(base), presetDocument(conflict.theirs), presetDocument(storedPreview(current, storedFields))) : []),
    [conflict, base, current, storedFields],
  );

  const takeTheirs = () => {
    if (!conflict) return;
    setBase(conflict.theirs);
    resetTo(versionToRequest(conflict.theirs));
    discardDraft(slug);
    setConflict(null);
    setNotice(`Now editing version ${conflict.theirs.version}; your changes were discarded.`);
    window.scrollTo({ top: 0 });
  };

  const reapplyMine = () => {
    if (!conflict) return;
    const theirsRequest = versionToRequest(conflict.theirs);
    const { merged, overridden } = mergeThreeWay(base ? pruneRequest(baseRequest) : {}, current, theirsRequest);
    setBase(conflict.theirs);
    resetTo(merged);
    void form.trigger();
    setConflict(null);
    setNotice(
      `Your changes are re-applied on top of version ${conflict.theirs.version}. ` +
        (overridden.length > 0 ? `Your values replaced theirs in: ${overridden.join(", ")}. ` : "") +
        "Review and save when ready.",
    );
    window.scrollTo({ top: 0 });
  };

  const reportUnparsed = useCallback((name: string, isUnparsed: boolean) => {
    setUnparsed((previous) => {
      if (previous.has(name) === isUnparsed) return previous;
      const next = new Set(previous);
      if (isUnparsed) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);

  const applyJson = useCallback(
    (request: Record<string, unknown>) => {
      form.reset(request as ChatRequestInput, { keepDefaultValues: true });
      void form.trigger();
    },
    [form],
  );

  const blockedByText = unparsed.size > 0 || jsonViewUnparsed;
  const canSave = !readOnly && !save.isPending && !blockedByText && (dirty || isNew);

  return (
    <div className="space-y-4 pb-20 lg:pb-0">
      {/* Save stays in reach: a bar fixed at the bottom on small screens, sticky under the header on wide ones. */}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:px-6 lg:sticky lg:inset-x-auto lg:bottom-auto lg:top-[3.3rem] lg:-mx-6 lg:border-t-0 lg:border-b dark:border-slate-800 dark:bg-slate-950/95">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2 text-sm" aria-live="polite" data-testid="editor-status">
            {readOnly ? (
              <Badge>Read-only: your role can view presets but not save them</Badge>
            ) : dirty ? (
              <>
                <Badge tone="amber">Unsaved changes</Badge>
                {draftSavedAt ? <span className="text-xs text-slate-600 dark:text-slate-400">Draft kept in this browser</span> : null}
              </>
            ) : isNew ? (
              <Badge tone="brand">New preset, not saved yet</Badge>
            ) : (
              <span className="text-slate-600 dark:text-slate-400">Editing version {base?.version}, no changes</span>
            )}
            {!readOnly && problems.length > 0 ? (
              <Badge tone="red">
                {problems.length} {problems.length === 1 ? "problem" : "problems"}
              </Badge>
            ) : null}
            {blockedByText ? <Badge tone="red">JSON text does not parse</Badge> : null}
          </div>
          {!readOnly ? (
            <div className="flex gap-2">
              {dirty || restoredAt !== null ? (
                <Button size="sm" onClick={() => discard(designated)}>
                  Discard draft
                </Button>
              ) : null}
              <Button size="sm" variant="primary" onClick={startSave} disabled={!canSave}>
                {isNew ? "Create preset…" : "Save…"}
              </Button>
            </div>
          ) : null}
        </div>
      </div>

      {restoredAt !== null && dirty ? (
        <div role="status" className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm dark:border-brand-700/50 dark:bg-brand-700/20">
          Restored your unsaved draft from <RelativeTime value={restoredAt} />
          {base ? ` (started from version ${base.version})` : ""}.{" "}
          <button type="button" className="font-medium underline" onClick={() => discard(designated)}>
            Discard draft
          </button>
        </div>
      ) : null}
      {behind && dirty ? (
        <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40">
          Version {designated?.version} was saved{designated && authorOf(designated.version) ? ` by ${authorOf(designated.version)}` : ""} while you edit version{" "}
          {base?.version}. Saving will show both changes side by side first.
          {conflict && !conflict.open ? (
            <>
              {" "}
              <button type="button" className="font-medium underline" onClick={() => setConflict({ ...conflict, open: true })}>
                Review the conflict
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {showProblems && problems.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100">
          <p className="font-medium">Fix {problems.length === 1 ? "this problem" : `these ${problems.length} problems`} before saving:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {notice ? (
        <div role="status" className="flex items-start justify-between gap-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950/40">
          <span>{notice}</span>
          <button type="button" className="text-xs underline" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      ) : null}

      <PresetEditor
        form={form}
        storedFields={storedFields}
        readOnly={readOnly}
        onApplyJson={applyJson}
        onUnparsedChange={setJsonViewUnparsed}
        reportUnparsedJson={reportUnparsed}
      />

      <SaveReviewDialog
        open={reviewOpen}
        onOpenChange={(open) => {
          setReviewOpen(open);
          if (!open) setSaveError(null);
        }}
        changes={reviewChanges}
        baseLabel={base ? `version ${base.version}` : "nothing"}
        isNew={isNew}
        ignoredFields={stored?.ignored_fields ?? []}
        saving={save.isPending}
        error={saveError}
        onConfirm={() => save.mutate(current)}
        newerVersion={behind ? designated?.version : null}
      />

      {conflict ? (
        <ConflictDialog
          open={conflict.open}
          rows={rows}
          baseVersion={base?.version ?? null}
          theirVersion={conflict.theirs.version}
          theirAuthor={authorOf(conflict.theirs.version)}
          onTakeTheirs={takeTheirs}
          onReapplyMine={reapplyMine}
          onKeepEditing={() => setConflict({ ...conflict, open: false })}
        />
      ) : null}
    </div>
  );
}
