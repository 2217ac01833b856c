"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/*
 * What the list area shows when there is no list: the first page could not be loaded, or the workspace has no
 * file at all. Most visits see neither, so these (with the UI kit's Alert and EmptyState) are a chunk of their
 * own, loaded when first shown; WorkspaceFiles renders the status line above them meanwhile.
 */

/** The first page could not be loaded. */
export function FilesLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert className="p-4">
      <p className="font-medium">The file list could not be loaded.</p>
      <p className="mt-1">{message}</p>
      <Button className="mt-3" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

/** The workspace has no files at all. */
export function NoFiles({ onUploadRequest }: { onUploadRequest?: () => void }) {
  return (
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
  );
}
