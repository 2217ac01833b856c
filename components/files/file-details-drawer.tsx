"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import type { GatewayFile } from "@/lib/contract/gateway";
import { fileContentUrl, fileDetailQuery } from "@/lib/client/queries/file-detail";
import { formatExactTime } from "@/lib/format/time";
import { formatBytes, formatExactBytes } from "@/lib/format/bytes";
import { describeMime } from "@/lib/files/mime";
import { FileIcon } from "./file-icon";
import { apiErrorMessage } from "@/lib/client/api-error-message";

const KNOWN_FIELDS = new Set(["id", "type", "filename", "mime_type", "size_bytes", "downloadable", "created_at"]);

/**
 * Every field of one file, fresh from GET /api/files/{id} (the list row shows while it loads), with download
 * (streamed by the BFF) when the gateway allows it and delete for editors.
 */
export function FileDetailsDrawer({
  workspaceId,
  file,
  open,
  onOpenChange,
  canDelete,
  onDelete,
  onClosed,
}: {
  workspaceId: string | null;
  file: GatewayFile | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  canDelete: boolean;
  onDelete: (file: GatewayFile) => void;
  /** Where focus goes when the drawer closes (it has no trigger button to return to). */
  onClosed?: () => void;
}) {
  const detail = useQuery({
    ...fileDetailQuery(workspaceId, file?.id ?? ""),
    enabled: open && file !== null,
    placeholderData: file ?? undefined,
  });
  const shown = detail.data ?? file;
  if (!shown) return null;
  const mime = describeMime(shown.mime_type);
  const extras = Object.entries(shown).filter(([key]) => !KNOWN_FIELDS.has(key));
  const missing = detail.isError && (detail.error as { status?: number }).status === 404;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="right"
        title={shown.filename}
        description={mime.label}
        data-testid="file-details"
        onCloseAutoFocus={(event) => {
          if (!onClosed) return;
          event.preventDefault();
          onClosed();
        }}
      >
        <div className="mb-4 flex items-center gap-3">
          <FileIcon kind={mime.kind} className="h-10 w-10" />
          {shown.downloadable ? <Badge tone="green">Downloadable</Badge> : <Badge>Not downloadable</Badge>}
        </div>
        {missing ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            This file no longer exists in the workspace.
          </p>
        ) : detail.isError ? (
          <p role="alert" className="mb-4 text-sm text-amber-800 dark:text-amber-300">
            Could not refresh the details ({apiErrorMessage(detail.error)}); showing what the list loaded.
          </p>
        ) : null}
        <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Name</dt>
          <dd className="break-words font-medium">{shown.filename}</dd>
          <dt className="text-slate-600 dark:text-slate-400">ID</dt>
          <dd className="break-all font-mono text-xs leading-5">{shown.id}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Object type</dt>
          <dd>{shown.type}</dd>
          <dt className="text-slate-600 dark:text-slate-400">MIME type</dt>
          <dd className="break-all font-mono text-xs leading-5">{shown.mime_type}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Size</dt>
          <dd>
            {formatBytes(shown.size_bytes)} <span className="text-slate-600 dark:text-slate-400">({formatExactBytes(shown.size_bytes)})</span>
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">Downloadable</dt>
          <dd>{shown.downloadable ? "Yes" : "No (only files created by the gateway can be downloaded)"}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Created</dt>
          <dd>
            <RelativeTime value={shown.created_at} />
            <span className="block text-xs text-slate-600 dark:text-slate-400">{formatExactTime(shown.created_at)}</span>
          </dd>
          {extras.map(([key, value]) => (
            <Extra key={key} name={key} value={value} />
          ))}
        </dl>
        <div className="mt-6 flex flex-wrap gap-2">
          {shown.downloadable && !missing ? (
            <Button asChild variant="primary">
              <a href={fileContentUrl(workspaceId, shown.id)} download={shown.filename}>
                Download
              </a>
            </Button>
          ) : null}
          {canDelete && !missing ? (
            <Button variant="danger" onClick={() => onDelete(shown)}>
              Delete…
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Extra({ name, value }: { name: string; value: unknown }) {
  return (
    <>
      <dt className="break-all text-slate-600 dark:text-slate-400">{name}</dt>
      <dd className="break-all font-mono text-xs leading-5">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
    </>
  );
}
