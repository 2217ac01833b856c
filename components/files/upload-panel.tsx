"use client";

import { clsx } from "clsx";
import { Button } from "@/components/ui/button";
import { formatBytes } from "@/lib/format/bytes";
import type { UploadItem } from "@/lib/client/upload-queue";

const STATUS_TEXT: Record<UploadItem["status"], string> = {
  queued: "Waiting",
  uploading: "Uploading",
  done: "Uploaded",
  refused: "Not sent",
  failed: "Failed",
};

/** Per-file upload progress, newest first, with the reason for every refusal or failure. */
export function UploadPanel({
  items,
  onRetry,
  onDismiss,
  onClearFinished,
}: {
  items: readonly UploadItem[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  onClearFinished: () => void;
}) {
  if (items.length === 0) return null;
  const running = items.filter((i) => i.status === "uploading" || i.status === "queued").length;
  return (
    <section aria-label="Uploads" className="mb-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">
          Uploads{" "}
          <span className="font-normal text-slate-600 dark:text-slate-400">{running > 0 ? `(${running} in progress)` : "(finished)"}</span>
        </h2>
        <Button size="sm" variant="ghost" onClick={onClearFinished}>
          Clear finished
        </Button>
      </div>
      <ul className="max-h-48 space-y-2 overflow-y-auto">
        {items.map((item) => {
          const percent = item.size > 0 ? Math.min(100, Math.round((item.sentBytes / item.size) * 100)) : 0;
          return (
            <li key={item.key} data-testid="upload-item" data-status={item.status} className="text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="min-w-0 flex-1 truncate font-medium" title={item.name}>
                  {item.name}
                </span>
                <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">{formatBytes(item.size)}</span>
                <span
                  className={clsx(
                    "text-xs font-medium",
                    item.status === "done" && "text-emerald-700 dark:text-emerald-400",
                    (item.status === "failed" || item.status === "refused") && "text-red-700 dark:text-red-400",
                  )}
                >
                  {STATUS_TEXT[item.status]}
                  {item.status === "uploading" ? ` ${percent}%` : ""}
                </span>
                {item.status === "failed" ? (
                  <Button size="sm" variant="ghost" onClick={() => onRetry(item.key)}>
                    Retry
                  </Button>
                ) : null}
                {item.status === "failed" || item.status === "refused" ? (
                  <Button size="sm" variant="ghost" aria-label={`Dismiss ${item.name}`} onClick={() => onDismiss(item.key)}>
                    Dismiss
                  </Button>
                ) : null}
              </div>
              {item.status === "uploading" || item.status === "queued" || item.status === "done" ? (
                <progress
                  className="mt-1 h-1.5 w-full overflow-hidden rounded-full accent-brand-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-600 dark:[&::-webkit-progress-bar]:bg-slate-800"
                  max={100}
                  value={item.status === "done" ? 100 : percent}
                  aria-label={`Upload progress of ${item.name}`}
                />
              ) : null}
              {item.error ? (
                <p role="alert" className="mt-0.5 text-xs text-red-700 dark:text-red-400">
                  {item.error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
