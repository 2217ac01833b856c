"use client";

import { Suspense, useMemo, useRef, useState } from "react";
import { lazyNamed } from "@/components/ui/lazy-component";
import { useNeededOnce } from "@/components/ui/use-needed-once";
import type { GatewayFile } from "@/lib/contract/gateway";
import { DEFAULT_WORKSPACE, type InitialFilePage } from "@/lib/client/queries/files";
import { filesStatusText } from "@/lib/files/list-messages";
import { activeIndex, clearSelection } from "@/lib/files/selection";
import { FileList } from "./file-list";
import { FilesFooter } from "./files-footer";
import { ListShell } from "./list-shell";
import { SelectionActions } from "./selection-actions";
import { useFileSelection } from "./use-file-selection";
import { useScrollMemory } from "./use-scroll-memory";
import type { DeleteResult } from "./use-delete-files";
import { useTimedNotice } from "./use-timed-notice";
import { useWorkspaceFilePages } from "./use-workspace-file-pages";
import { apiErrorMessage } from "@/lib/client/api-error-message";

// The details drawer and the delete confirmation (with the deletion: mutation, requests, cache update) are chunks
// of their own, loaded when first opened.
const FileDetailsDrawer = lazyNamed(() => import("./file-details-drawer"), "FileDetailsDrawer");
const DeleteFilesDialog = lazyNamed(() => import("./delete-files-dialog"), "DeleteFilesDialog");
// So are the views of an empty workspace and of a first page that failed, loaded when first shown, under a status
// line that says it at once.
const FilesSkeleton = lazyNamed(() => import("./file-list-states"), "FilesSkeleton");
const FilesLoadFailed = lazyNamed(() => import("./file-list-rare-states"), "FilesLoadFailed");
const NoFiles = lazyNamed(() => import("./file-list-rare-states"), "NoFiles");

export function WorkspaceFiles({
  workspaceId,
  initialPage,
  filter,
  canEdit,
  onUploadRequest,
}: {
  workspaceId: string | null;
  initialPage: InitialFilePage | null;
  filter: string;
  canEdit: boolean;
  onUploadRequest?: () => void;
}) {
  const workspaceKey = workspaceId ?? DEFAULT_WORKSPACE;
  const list = useWorkspaceFilePages(workspaceId, initialPage, filter);
  const { query, rows, allRows, complete, filtering, retryIn } = list;
  const total = allRows.length;

  const [selection, setSelection] = useFileSelection(workspaceKey);
  const { initialOffset, onScrollOffset } = useScrollMemory(workspaceKey, filter, list.restoring);

  const [openFile, setOpenFile] = useState<GatewayFile | null>(null);
  const listboxRef = useRef<HTMLDivElement>(null);
  const [toDelete, setToDelete] = useState<readonly GatewayFile[]>([]);
  const { notice, announce } = useTimedNotice();
  const drawerNeeded = useNeededOnce(openFile !== null);
  const confirmNeeded = useNeededOnce(toDelete.length > 0);

  // What a delete does here; the dialog has taken the deleted files out of the selection.
  const onDeleted = ({ deleted, failed }: DeleteResult, text: string | null) => {
    if (openFile && deleted.includes(openFile.id)) setOpenFile(null);
    setToDelete(failed.map((f) => f.file));
    if (text) announce(text);
  };

  const selectedFiles = useMemo(
    () => (selection.selected.size === 0 ? [] : allRows.filter((row) => selection.selected.has(row.id))),
    [allRows, selection.selected],
  );
  const active = activeIndex(selection, rows);
  const focusFile = active >= 0 ? rows[active] : (selectedFiles[0] ?? null);

  if (query.isPending) {
    return (
      <ListShell status={retryIn !== null ? `Rate limited; retrying in ${retryIn} s` : "Loading files…"}>
        <Suspense fallback={null}>
          <FilesSkeleton />
        </Suspense>
      </ListShell>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ListShell status="Could not load files">
        <Suspense fallback={null}>
          <FilesLoadFailed message={apiErrorMessage(query.error)} onRetry={() => void query.refetch()} />
        </Suspense>
      </ListShell>
    );
  }
  if (complete && total === 0) {
    return (
      <ListShell status="No files">
        <Suspense fallback={null}>
          <NoFiles onUploadRequest={onUploadRequest} />
        </Suspense>
      </ListShell>
    );
  }

  return (
    <ListShell
      status={filesStatusText({ retryIn, filtering, matches: rows.length, total, complete })}
      notice={notice}
      actions={
        <SelectionActions
          selectedCount={selection.selected.size}
          canOpenDetails={focusFile !== null}
          onDetails={() => focusFile && setOpenFile(focusFile)}
          canDelete={canEdit && selectedFiles.length > 0}
          onDelete={() => setToDelete(selectedFiles)}
          onClear={() => setSelection(clearSelection(selection))}
        />
      }
    >
      <FileList
        rows={rows}
        setSize={complete ? rows.length : -1}
        selection={selection}
        onSelectionChange={setSelection}
        onOpen={setOpenFile}
        onRangeChange={list.onRangeChange}
        initialOffset={initialOffset}
        onScrollOffset={onScrollOffset}
        footer={
          <FilesFooter
            loadError={query.isFetchNextPageError ? (query.error?.message ?? "unknown error") : null}
            onRetry={() => void query.fetchNextPage()}
            loadingMore={query.isFetchingNextPage}
            retryIn={retryIn}
            complete={complete}
            filtering={filtering}
            filter={list.deferredFilter}
            matches={rows.length}
            total={total}
            hasNextPage={query.hasNextPage}
            loadingAll={list.loadingAll}
            onLoadAll={list.setLoadAll}
          />
        }
        label={`Files in ${workspaceId ? "the selected" : "the default"} workspace`}
        resetScrollKey={list.deferredFilter}
        listboxRef={listboxRef}
      />
      <Suspense fallback={null}>
        {drawerNeeded ? (
          <FileDetailsDrawer
            workspaceId={workspaceId}
            file={openFile}
            open={openFile !== null}
            onOpenChange={(open) => !open && setOpenFile(null)}
            canDelete={canEdit}
            onDelete={(file) => setToDelete([file])}
            onClosed={() => listboxRef.current?.focus({ preventScroll: true })}
          />
        ) : null}
        {confirmNeeded ? (
          <DeleteFilesDialog
            workspaceId={workspaceId}
            files={toDelete}
            selection={selection}
            rows={rows}
            onSelectionChange={setSelection}
            onClose={() => setToDelete([])}
            onDeleted={onDeleted}
          />
        ) : null}
      </Suspense>
    </ListShell>
  );
}
