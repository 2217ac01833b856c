"use client";

import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeletons } from "@/components/ui/skeleton";
import { ListShell } from "./list-shell";
import { Alert } from "@/components/ui/alert";

/* A file row's bars: icon, name, then the columns (two of them only on wider screens). */
const FILE_ROW = ["h-5 w-5", "h-3.5 flex-1", "hidden h-3.5 w-24 sm:block", "h-3.5 w-14", "hidden h-3.5 w-20 sm:block"];

/** The first page is on its way. */
export function FilesLoading({ retryIn }: { retryIn: number | null }) {
  return (
    <ListShell status={retryIn !== null ? `Rate limited; retrying in ${retryIn} s` : "Loading files…"}>
      <div className="flex-1 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" data-testid="files-skeleton">
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i} className="flex h-11 items-center gap-3 border-b border-slate-100 px-3 dark:border-slate-800/70">
            <Skeletons bars={FILE_ROW} />
          </div>
        ))}
      </div>
    </ListShell>
  );
}

/** The first page could not be loaded. */
export function FilesLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ListShell status="Could not load files">
      <Alert className="p-4">
        <p className="font-medium">The file list could not be loaded.</p>
        <p className="mt-1">{message}</p>
        <Button className="mt-3" onClick={onRetry}>
          Retry
        </Button>
      </Alert>
    </ListShell>
  );
}

/** The workspace has no files at all. */
export function NoFiles({ onUploadRequest }: { onUploadRequest?: () => void }) {
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
