"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { parseAsString, useQueryState, useQueryStates } from "nuqs";
import { useState } from "react";
import { useHydrated } from "@/lib/client/hooks/use-hydrated";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { lazyNamed } from "@/components/ui/lazy-component";
import { LazySlot } from "@/components/ui/lazy-slot";
import { apiErrorMessage, isApiStatus } from "@/lib/client/api-error-message";
import { useHasRole } from "@/lib/client/current-user";
import { presetQueries } from "@/lib/client/queries/presets";
import type { PresetVersion } from "@/lib/contract/gateway";
import { studioSearchParams, type StudioTab } from "@/lib/presets/search-params";
import { VersionsSkeleton } from "../history/versions-skeleton";
import { EditorSkeleton, StudioSkeleton } from "./studio-skeletons";
import { StudioHeader } from "./studio-header";
import { StudioTabs } from "./studio-tabs";
import { useEditStart } from "./use-edit-start";

// The editor (react-hook-form, the form's sections, the save) is a chunk of its own. It only ever renders after
// hydration (a draft lives in this browser), so it is fetched as soon as this module runs in the browser, while
// the page hydrates, and the header and tabs do not wait for it.
const EditorController = lazyNamed(() => import("./editor-controller"), "EditorController");
if (typeof window !== "undefined") void EditorController.preload();

// The history (version table, diffs, drawer, restore) is a chunk of its own: fetched when its tab is pointed at,
// focused or opened, or at once when the address opens it.
const PresetHistory = lazyNamed(() => import("../history/preset-history"), "PresetHistory");
const prefetchHistory = (id: StudioTab) => {
  if (id === "history") void PresetHistory.preload();
};

export function PresetStudio({ slug }: { slug: string }) {
  const detail = useQuery(presetQueries.detail(slug));
  // The edit starts after hydration: the server may have the preset (prefetched) but not this browser's draft.
  const hydrated = useHydrated();
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
      <StudioHeader slug={slug} preset={preset} />

      {preset ? (
        <StudioTabs
          tab={tab}
          canEdit={canEdit}
          onSelect={(id) => void setParams({ tab: id, compare: id === "edit" ? null : params.compare, version: null })}
          onIntent={prefetchHistory}
        />
      ) : null}

      {/* The editor stays mounted while the history shows, so switching tabs never loses an edit. */}
      <div role="tabpanel" id="panel-edit" aria-labelledby={preset ? "tab-edit" : undefined} hidden={tab !== "edit"}>
        <LazySlot
          what="The editor"
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
        </LazySlot>
      </div>
      {preset && tab === "history" ? (
        <div role="tabpanel" id="panel-history" aria-labelledby="tab-history">
          <LazySlot what="The history" fallback={<VersionsSkeleton />}>
            <PresetHistory slug={slug} preset={preset} canEdit={canEdit} />
          </LazySlot>
        </div>
      ) : null}
    </div>
  );
}
