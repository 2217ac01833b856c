"use client";

import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import Link from "next/link";
import { parseAsString, useQueryState, useQueryStates } from "nuqs";
import { Suspense, useState, useSyncExternalStore } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { Skeleton, Skeletons } from "@/components/ui/skeleton";
import { apiErrorMessage, isApiStatus } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { presetQueries } from "@/lib/client/queries/presets";
import type { PresetVersion, PresetWithDesignatedVersion } from "@/lib/contract/gateway";
import { loadDraft, type PresetDraft } from "@/lib/presets/draft-storage";
import { tryPresetHref } from "@/lib/playground/preset-links";
import { ChunkBoundary } from "../chunk-boundary";
import { CopyCodeButton } from "../copy-code-button";
import { studioSearchParams, type StudioTab } from "@/lib/presets/search-params";
import { presetModel } from "@/lib/presets/preset-model";
import { VersionsSkeleton } from "../history/versions-skeleton";
import { lazyNamed } from "@/components/ui/lazy-popup-component";

// The editor (react-hook-form, the form's sections, the save) is a chunk of its own. It only ever renders after
// hydration (a draft lives in this browser), so it is fetched as soon as this module runs in the browser, while
// the page hydrates, and the header and tabs do not wait for it.
const loadEditor = () => import("./editor-controller");
if (typeof window !== "undefined") void loadEditor();
const EditorController = lazyNamed(loadEditor, "EditorController");

// The history (version table, diffs, drawer, restore) is a chunk of its own: fetched when its tab is pointed at,
// focused or opened, or at once when the address opens it.
const loadHistory = () => import("../history/preset-history");
const PresetHistory = lazyNamed(loadHistory, "PresetHistory");
const prefetchHistory = (id: StudioTab) => {
  if (id === "history") void loadHistory();
};

function EditorSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_26rem]">
      <div className="space-y-4">
        <Skeletons bars={["h-40 w-full", "h-64 w-full"]} />
      </div>
      <Skeleton className="h-96 w-full" />
    </div>
  );
}

function StudioSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading preset" className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-9 w-48" />
      <EditorSkeleton />
    </div>
  );
}

/**
 * Where the edit starts: a draft from this browser (with the version it began from, fetched when it is
 * no longer the designated one), the designated version, or a new preset.
 */
function useEditStart(slug: string, preset: PresetWithDesignatedVersion | null, ready: boolean) {
  const [draft] = useState<PresetDraft | null>(() => (typeof window === "undefined" ? null : loadDraft(slug)));
  const designated = preset?.designated_version ?? null;
  const draftBaseIsOld = draft?.baseVersionId != null && draft.baseVersionId !== designated?.id && draft.baseVersion !== null;
  const oldBase = useQuery({
    ...presetQueries.version(slug, draft?.baseVersion ?? 1),
    enabled: ready && draftBaseIsOld,
  });

  if (!ready) return null;
  if (draft) {
    if (draft.baseVersionId === null) return { base: null, request: draft.request, restoredAt: draft.savedAt };
    if (!draftBaseIsOld) return { base: designated, request: draft.request, restoredAt: draft.savedAt };
    if (oldBase.isPending) return null;
    // The version the draft began from is gone (or unreadable): keep the draft, start from designated.
    const base: PresetVersion | null = oldBase.data && oldBase.data.id === draft.baseVersionId ? oldBase.data : designated;
    return { base, request: draft.request, restoredAt: draft.savedAt };
  }
  return { base: designated, request: null, restoredAt: null };
}

const subscribeNothing = () => () => {};

export function PresetStudio({ slug }: { slug: string }) {
  const detail = useQuery(presetQueries.detail(slug));
  // The edit starts after hydration: the server may have the preset (prefetched) but not this browser's draft.
  const hydrated = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [params, setParams] = useQueryStates(studioSearchParams);
  const [newModel, setNewModel] = useQueryState("model", parseAsString);
  const [isNewParam, setIsNewParam] = useQueryState("new", parseAsString);

  const notFound = isApiStatus(detail.error, 404);
  const preset = detail.data ?? null;
  const canEdit = useHasRole("editor");
  const ready = detail.isSuccess || notFound;
  const start = useEditStart(slug, preset, ready && hydrated);
  const tab: StudioTab = params.compare ? "history" : params.tab;
  const creating = notFound && start !== null && (isNewParam !== null || start.request !== null);

  // The edit session is fixed once it starts: later refetches (after a save, a restore) update the
  // header, while the editor itself decides how to follow them.
  const [session, setSession] = useState<{ base: PresetVersion | null; request: Record<string, unknown> | null; restoredAt: number | null; model: string } | null>(null);
  if (session === null && start !== null && (!notFound || (creating && canEdit))) {
    setSession({ base: creating ? null : start.base, request: start.request, restoredAt: start.restoredAt, model: newModel ?? "" });
  }

  if (detail.isError && !notFound) {
    return (
      <EmptyState title="Could not load this preset" action={<Button onClick={() => void detail.refetch()}>Try again</Button>}>
        {apiErrorMessage(detail.error)}
      </EmptyState>
    );
  }
  if (!start) return <StudioSkeleton />;

  if (notFound && !creating && !session) {
    return (
      <EmptyState
        title={`No preset named “${slug}”`}
        action={
          <div className="flex gap-2">
            <Button asChild>
              <Link href="/presets">All presets</Link>
            </Button>
            {canEdit ? (
              <Button variant="primary" onClick={() => void setIsNewParam("1")}>
                Create it
              </Button>
            ) : null}
          </div>
        }
      >
        It may have been renamed, or never saved.
      </EmptyState>
    );
  }
  if (creating && !canEdit) {
    return (
      <EmptyState title={`No preset named “${slug}”`} action={<Button asChild><Link href="/presets">All presets</Link></Button>}>
        Only editors and admins can create presets.
      </EmptyState>
    );
  }
  if (!session) return <StudioSkeleton />;

  return (
    <div className="space-y-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/presets" className="text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Presets
        </Link>
        <span aria-hidden className="mx-1.5 text-slate-400">
          /
        </span>
        <span className="text-slate-600 dark:text-slate-400">{slug}</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-all text-2xl font-semibold tracking-tight">{preset?.name ?? slug}</h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <code className="font-mono text-xs">{presetModel(slug)}</code>
            {preset ? (
              <>
                <Badge tone={preset.status === "active" ? "green" : "neutral"}>{preset.status}</Badge>
                {preset.designated_version ? <Badge tone="brand">designated v{preset.designated_version.version}</Badge> : null}
                <span>
                  updated <RelativeTime value={preset.updated_at} />
                </span>
              </>
            ) : (
              <Badge tone="amber">not created yet</Badge>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {preset ? (
            <>
              <Button asChild>
                <Link href={tryPresetHref(slug)}>Try in playground</Link>
              </Button>
              <CopyCodeButton slug={slug} />
            </>
          ) : null}
        </div>
      </div>

      {preset ? (
        <div role="tablist" aria-label="Preset views" className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
          {(
            [
              ["edit", canEdit ? "Edit" : "Settings"],
              ["history", "History"],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              role="tab"
              id={`tab-${id}`}
              type="button"
              aria-selected={tab === id}
              aria-controls={`panel-${id}`}
              onClick={() => void setParams({ tab: id, compare: id === "edit" ? null : params.compare, version: null })}
              onPointerEnter={() => prefetchHistory(id)}
              onFocus={() => prefetchHistory(id)}
              className={clsx(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                tab === id
                  ? "border-brand-600 text-brand-700 dark:border-brand-500 dark:text-white"
                  : "border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
              )}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}

      {/* The editor stays mounted while the history shows, so switching tabs never loses an edit. */}
      <div role="tabpanel" id="panel-edit" aria-labelledby={preset ? "tab-edit" : undefined} hidden={tab !== "edit"}>
        <ChunkBoundary what="The editor">
          <Suspense
            fallback={
              <div role="status" aria-busy="true" aria-label="Loading the editor">
                <EditorSkeleton />
              </div>
            }
          >
            <EditorController
              key={slug}
              slug={slug}
              preset={preset}
              initialBase={session.base}
              initialRequest={session.request}
              restoredDraftAt={session.restoredAt}
              newModel={session.model}
              readOnly={!canEdit}
              onCreated={() => {
                void setNewModel(null);
                void setIsNewParam(null);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      </div>
      {preset && tab === "history" ? (
        <div role="tabpanel" id="panel-history" aria-labelledby="tab-history">
          <ChunkBoundary what="The history">
            <Suspense fallback={<VersionsSkeleton />}>
              <PresetHistory slug={slug} preset={preset} canEdit={canEdit} />
            </Suspense>
          </ChunkBoundary>
        </div>
      ) : null}
    </div>
  );
}
