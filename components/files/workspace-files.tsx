"use client";

import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import type { GatewayFile } from "@/lib/gateway";
import { ApiError } from "@/lib/client/api-client";
import {
  deleteFile,
  DEFAULT_WORKSPACE,
  fileQueries,
  initialListData,
  removeFilesFromCache,
  type InitialFilePage,
} from "@/lib/client/queries/files";
import { describeFilterCount, filterRows, parseFilter } from "@/lib/files/filter";
import { formatCount } from "@/lib/files/format-size";
import { createPageMerger, type MergedRows } from "@/lib/files/merge-pages";
import { shouldFetchMore } from "@/lib/files/prefetch";
import { isRateLimited } from "@/lib/files/retry-policy";
import { activeIndex, clearSelection, emptySelection, forgetIds, type SelectionState } from "@/lib/files/selection";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { FileDetailsDrawer } from "./file-details-drawer";
import { FileList } from "./file-list";
import { readScrollOffset, scrollMemoryKey, writeScrollOffset } from "./scroll-memory";
import { useRateLimitCountdown } from "./use-rate-limit-countdown";

const EMPTY: MergedRows<GatewayFile> = { rows: [], duplicates: 0 };

// Selection per workspace outlives the component (client navigation away and back), like the cached pages.
const selectionMemory = new Map<string, SelectionState>();

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
  const client = useQueryClient();
  const workspaceKey = workspaceId ?? DEFAULT_WORKSPACE;
  const listOptions = fileQueries.list(workspaceId);
  // Pages already cached means we came back (back button, workspace switch back): restore the scroll position.
  const [restoring] = useState(() => client.getQueryData(listOptions.queryKey) !== undefined);
  // The server's first page counts only when nothing is cached (initialData never overwrites a cache entry).
  const [seed] = useState(() => initialListData(initialPage));
  const query = useInfiniteQuery({ ...listOptions, ...seed });
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;

  const [merge] = useState(() => createPageMerger<GatewayFile>());
  const pages = query.data?.pages;
  const merged = useMemo(() => (pages ? merge(pages) : EMPTY), [pages, merge]);
  const deferredFilter = useDeferredValue(filter);
  const filtering = parseFilter(deferredFilter).length > 0;
  const rows = useMemo(() => filterRows(merged.rows, deferredFilter), [merged.rows, deferredFilter]);
  const complete = query.isSuccess && !hasNextPage;
  const total = merged.rows.length;

  const [selection, setSelectionState] = useState<SelectionState>(() => selectionMemory.get(workspaceKey) ?? emptySelection);
  const setSelection = useCallback(
    (next: SelectionState) => {
      selectionMemory.set(workspaceKey, next);
      setSelectionState(next);
    },
    [workspaceKey],
  );

  const scrollKey = scrollMemoryKey(workspaceKey, filter);
  const [initialOffset] = useState(() => (restoring ? readScrollOffset(scrollKey) : 0));
  const lastSave = useRef(0);
  const onScrollOffset = useCallback(
    (offset: number) => {
      const now = performance.now();
      if (now - lastSave.current < 150) return;
      lastSave.current = now;
      writeScrollOffset(scrollKey, offset);
    },
    [scrollKey],
  );

  const canFetchMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const onRangeChange = useCallback(
    (lastIndex: number, visibleRows: number) => {
      if (!canFetchMore || filtering) return;
      if (shouldFetchMore({ lastVisibleIndex: lastIndex, loadedCount: rows.length, visibleRows })) void fetchNextPage({ cancelRefetch: false });
    },
    [canFetchMore, filtering, rows.length, fetchNextPage],
  );

  // "Search all files": keep asking for pages until the gateway says there are no more (or an error stops it).
  const [loadAll, setLoadAll] = useState(false);
  const loadingAll = loadAll && hasNextPage;
  useEffect(() => {
    if (loadAll && canFetchMore) void fetchNextPage({ cancelRefetch: false });
  }, [loadAll, canFetchMore, fetchNextPage]);

  const countdown = useRateLimitCountdown(listOptions.queryKey);
  const rateLimited = countdown !== null && query.isFetching && isRateLimited(query.failureReason);

  const [openFile, setOpenFile] = useState<GatewayFile | null>(null);
  const listboxRef = useRef<HTMLDivElement>(null);
  const [toDelete, setToDelete] = useState<readonly GatewayFile[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<number | undefined>(undefined);
  const announce = (text: string) => {
    setNotice(text);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(null), 6000);
  };

  const remove = useMutation({
    mutationFn: async (files: readonly GatewayFile[]) => {
      const deleted: string[] = [];
      const failed: { file: GatewayFile; message: string }[] = [];
      for (const file of files) {
        try {
          await deleteFile(workspaceId, file.id);
          deleted.push(file.id);
        } catch (error) {
          // Already gone is what the user wanted.
          if (error instanceof ApiError && error.status === 404) deleted.push(file.id);
          else failed.push({ file, message: error instanceof Error ? error.message : "Unknown error" });
        }
      }
      return { deleted, failed };
    },
    onSuccess: ({ deleted, failed }, files) => {
      const gone = new Set(deleted);
      const rowsAfter = rows.filter((row) => !gone.has(row.id));
      removeFilesFromCache(client, workspaceId, deleted);
      setSelection(forgetIds(selection, deleted, rowsAfter));
      if (openFile && gone.has(openFile.id)) setOpenFile(null);
      if (failed.length === 0) {
        setToDelete([]);
        announce(files.length === 1 ? `Deleted ${files[0].filename}` : `Deleted ${formatCount(deleted.length)} files`);
      } else {
        setToDelete(failed.map((f) => f.file));
        if (deleted.length > 0) announce(`Deleted ${formatCount(deleted.length)} files`);
      }
    },
  });
  const deleteError =
    remove.data && remove.data.failed.length > 0
      ? `Could not delete ${remove.data.failed.map((f) => `${f.file.filename} (${f.message})`).join(", ")}.`
      : null;

  const selectedFiles = useMemo(
    () => (selection.selected.size === 0 ? [] : merged.rows.filter((row) => selection.selected.has(row.id))),
    [merged.rows, selection.selected],
  );
  const active = activeIndex(selection, rows);
  const focusFile = active >= 0 ? rows[active] : (selectedFiles[0] ?? null);

  if (query.isPending) {
    return (
      <ListShell status={rateLimited ? `Rate limited; retrying in ${countdown} s` : "Loading files…"}>
        <div className="flex-1 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" data-testid="files-skeleton">
          {Array.from({ length: 12 }, (_, i) => (
            <div key={i} className="flex h-11 items-center gap-3 border-b border-slate-100 px-3 dark:border-slate-800/70">
              <Skeleton className="h-5 w-5" />
              <Skeleton className="h-3.5 flex-1" />
              <Skeleton className="hidden h-3.5 w-24 sm:block" />
              <Skeleton className="h-3.5 w-14" />
              <Skeleton className="hidden h-3.5 w-20 sm:block" />
            </div>
          ))}
        </div>
      </ListShell>
    );
  }

  if (query.isError && !query.data) {
    return (
      <ListShell status="Could not load files">
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
          <p className="font-medium">The file list could not be loaded.</p>
          <p className="mt-1">{query.error.message}</p>
          <Button className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      </ListShell>
    );
  }

  if (complete && total === 0) {
    return (
      <ListShell status="No files">
        <EmptyState
          title="No files in this workspace"
          action={
            onUploadRequest ? (
              <Button variant="primary" onClick={onUploadRequest}>
                Upload files
              </Button>
            ) : undefined
          }
        >
          {onUploadRequest ? "Drop files anywhere on this page, or pick them with the button." : "Files uploaded by editors show up here."}
        </EmptyState>
      </ListShell>
    );
  }

  const statusText = rateLimited
    ? `Rate limited; retrying in ${countdown} s`
    : filtering
      ? describeFilterCount(rows.length, total, complete)
      : complete
        ? `${formatCount(total)} files`
        : `${formatCount(total)} files loaded; more load as you scroll`;

  const footer = (
    <div className="flex min-h-11 flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-2 text-center text-sm text-slate-600 dark:text-slate-400">
      {isFetchNextPageError ? (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-2 text-red-800 dark:text-red-300" data-testid="files-load-error">
          <span>Could not load more files: {query.error?.message ?? "unknown error"}.</span>
          <Button size="sm" onClick={() => void fetchNextPage()}>
            Retry
          </Button>
        </div>
      ) : isFetchingNextPage ? (
        <span data-testid="files-loading-more" className="inline-flex items-center gap-2">
          <span aria-hidden className="h-3 w-3 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
          {rateLimited ? `Rate limited; waiting ${countdown} s before loading more…` : "Loading more files…"}
        </span>
      ) : complete ? (
        <span data-testid="files-end">
          {filtering && rows.length === 0 ? `No file matches “${deferredFilter.trim()}”. ` : ""}
          All {formatCount(total)} files loaded
        </span>
      ) : filtering ? (
        <span>
          {rows.length === 0 ? `No loaded file matches “${deferredFilter.trim()}” yet. ` : ""}
          More files are still to load.
        </span>
      ) : (
        <span>Scroll to load more</span>
      )}
      {filtering && hasNextPage ? (
        loadingAll ? (
          <Button size="sm" onClick={() => setLoadAll(false)}>
            Stop searching
          </Button>
        ) : (
          <Button size="sm" onClick={() => setLoadAll(true)} data-testid="files-load-all">
            Load all files to search everything
          </Button>
        )
      ) : null}
    </div>
  );

  return (
    <ListShell
      status={statusText}
      notice={notice}
      actions={
        <>
          {selection.selected.size > 0 ? (
            <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="files-selected-count">
              {formatCount(selection.selected.size)} selected
            </span>
          ) : null}
          <Button size="sm" variant="ghost" disabled={!focusFile} onClick={() => focusFile && setOpenFile(focusFile)}>
            Details
          </Button>
          {canEdit && selectedFiles.length > 0 ? (
            <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => setToDelete(selectedFiles)}>
              Delete selected…
            </Button>
          ) : null}
          {selection.selected.size > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => setSelection(clearSelection(selection))}>
              Clear<span className="hidden sm:inline"> selection</span>
            </Button>
          ) : null}
        </>
      }
    >
      <FileList
        rows={rows}
        setSize={complete ? rows.length : -1}
        selection={selection}
        onSelectionChange={setSelection}
        onOpen={setOpenFile}
        onRangeChange={onRangeChange}
        initialOffset={initialOffset}
        onScrollOffset={onScrollOffset}
        footer={footer}
        label={`Files in ${workspaceId ? "the selected" : "the default"} workspace`}
        resetScrollKey={deferredFilter}
        listboxRef={listboxRef}
      />
      <FileDetailsDrawer
        workspaceId={workspaceId}
        file={openFile}
        open={openFile !== null}
        onOpenChange={(open) => !open && setOpenFile(null)}
        canDelete={canEdit}
        onDelete={(file) => setToDelete([file])}
        onClosed={() => listboxRef.current?.focus({ preventScroll: true })}
      />
      <ConfirmDeleteDialog
        files={toDelete}
        open={toDelete.length > 0}
        onOpenChange={(open) => {
          if (!open) {
            setToDelete([]);
            remove.reset();
          }
        }}
        onConfirm={() => remove.mutate(toDelete)}
        pending={remove.isPending}
        error={deleteError}
      />
    </ListShell>
  );
}

function ListShell({
  status,
  notice,
  actions,
  children,
}: {
  status: string;
  notice?: string | null;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <div className="mb-2 flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="files-status">
          {status}
          {notice ? <span className="ml-2 font-medium text-emerald-700 dark:text-emerald-400">{notice}</span> : null}
        </p>
        {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}
