"use client";

import { Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useHasRole } from "@/lib/client/current-user";
import { DEFAULT_WORKSPACE, type InitialFilePage, type InitialWorkspaces } from "@/lib/client/queries/files";
import { useUrlParam } from "@/lib/client/hooks/use-url-param";
import { lazyNamed } from "@/components/ui/lazy-component";
import { useNeededOnce } from "@/components/ui/use-needed-once";
import { useUploadQueue } from "./use-upload-queue";
import { WorkspaceFiles } from "./workspace-files";

const UploadPanel = lazyNamed(() => import("./upload-panel"), "UploadPanel");
const DropOverlay = lazyNamed(() => import("./drop-overlay"), "DropOverlay");
const DropRefused = lazyNamed(() => import("./drop-overlay"), "DropRefused");
// Rendered by the server with the page, so it shows at once; its code (the workspace query, the select) is a chunk
// fetched while the page hydrates, which hydrates it when it arrives: it is needed only to switch workspace.
const WorkspaceSwitcher = lazyNamed(() => import("./workspace-switcher"), "WorkspaceSwitcher");

/**
 * The /files page's client island: URL state (workspace_id, q), the toolbar, uploads (drag and drop or picker)
 * and one WorkspaceFiles per workspace, keyed so switching starts from that workspace's own cached pages.
 */
export function FileBrowser({ initialPage, initialWorkspaces }: { initialPage: InitialFilePage | null; initialWorkspaces: InitialWorkspaces | null }) {
  // Switching workspace is a step the back button should undo; typing in the filter is not.
  // (lib/files/search-params.ts names the same parameters for the server page.)
  const [workspaceId, setWorkspaceId] = useUrlParam("workspace_id", { history: "push" });
  const [urlFilter, setFilter] = useUrlParam("q");
  const filter = urlFilter ?? "";
  // Hides controls only; the BFF checks the role on every upload and delete.
  const canEdit = useHasRole("editor");
  const queue = useUploadQueue();
  const uploadsShown = useNeededOnce(queue.uploads.length > 0);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const dragged = useNeededOnce(dragging);
  const [dropRefused, setDropRefused] = useState(false);

  function addFiles(files: FileList | null) {
    if (!files || files.length === 0) return;
    queue.add(files, workspaceId);
  }

  const hasFiles = (event: React.DragEvent) => Array.from(event.dataTransfer.types).includes("Files");

  return (
    <div
      className="relative flex h-[calc(100dvh-12rem)] min-h-[28rem] flex-col"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
        if (canEdit) queue.prefetch();
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = canEdit ? "copy" : "none";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        if (canEdit) addFiles(event.dataTransfer.files);
        else setDropRefused(true);
      }}
    >
      <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2">
        <Input
          type="search"
          value={filter}
          onChange={(event) => void setFilter(event.target.value || null)}
          aria-label="Filter loaded files by name or type"
          placeholder="Filter by name or type…"
          className="w-full sm:w-72"
          data-testid="files-filter"
        />
        <Suspense fallback={<div className="h-9 min-w-0 flex-1 sm:w-64 sm:flex-none" />}>
          <WorkspaceSwitcher value={workspaceId} onChange={(next) => void setWorkspaceId(next)} initial={initialWorkspaces} />
        </Suspense>
        {canEdit ? (
          <div className="ml-auto">
            <input ref={inputRef} type="file" multiple hidden data-testid="files-upload-input" onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = "";
            }} />
            <Button variant="primary" onPointerEnter={queue.prefetch} onFocus={queue.prefetch} onClick={() => inputRef.current?.click()}>
              Upload<span className="hidden sm:inline"> files</span>
            </Button>
          </div>
        ) : null}
      </div>
      {dropRefused && !canEdit ? (
        <Suspense fallback={null}>
          <DropRefused onDismiss={() => setDropRefused(false)} />
        </Suspense>
      ) : null}
      {uploadsShown ? (
        <Suspense fallback={null}>
          <UploadPanel items={queue.uploads} onRetry={queue.retry} onDismiss={queue.dismiss} onClearFinished={queue.clearFinished} />
        </Suspense>
      ) : null}
      <WorkspaceFiles
        key={workspaceId ?? DEFAULT_WORKSPACE}
        workspaceId={workspaceId}
        initialPage={initialPage && initialPage.workspaceId === workspaceId ? initialPage : null}
        filter={filter}
        canEdit={canEdit}
        onUploadRequest={canEdit ? () => inputRef.current?.click() : undefined}
      />
      {dragged ? (
        <Suspense fallback={null}>
          <DropOverlay canEdit={canEdit} dragging={dragging} />
        </Suspense>
      ) : null}
    </div>
  );
}
