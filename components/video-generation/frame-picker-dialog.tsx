"use client";

import { returnFocusTo, type LazyPopupProps } from "@/components/ui/use-lazy-popup";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { ApiError } from "@/lib/client/api-client";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { fetchFileContent } from "@/lib/client/queries/file-detail";
import { fileQueries } from "@/lib/client/queries/files";
import {
  FRAME_IMAGE_MAX_BYTES,
  FRAME_IMAGE_TYPES,
  formatBytes,
  frameDataUrl,
  frameFileProblem,
  frameImageTypeOf,
  parseFrameDataUrl,
  type FrameImageType,
} from "@/lib/video-models/generation-frames";
import { frameLabel, type ChosenFrame, type FrameType } from "@/lib/video-models/generation-frame-types";

/** The workspace whose files are offered: the key's default one (no workspace_id). */
const WORKSPACE = null;

/** A chosen frame image: its thumbnail, name and size, and Remove. In this chunk: only shown once the picker was used. */
export function ChosenFramePreview({ frame, chosen, disabled, onRemove }: { frame: FrameType; chosen: ChosenFrame; disabled: boolean; onRemove: () => void }) {
  const label = frameLabel(frame);
  return (
    <div className="flex min-w-0 items-center gap-2">
      {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL the user just chose: nothing to optimise */}
      <img src={chosen.url} alt={`${label} chosen: ${chosen.name}`} className="h-12 w-16 shrink-0 rounded border border-slate-200 object-cover dark:border-slate-700" />
      <span className="min-w-0 flex-1 truncate" data-testid="frame-name" title={chosen.name}>
        {chosen.name} <span className="text-slate-600 dark:text-slate-400">({formatBytes(chosen.bytes)})</span>
      </span>
      <Button size="sm" variant="ghost" disabled={disabled} onClick={onRemove} aria-label={`Remove the ${label.toLowerCase()} image`}>
        Remove
      </Button>
    </div>
  );
}

/** The bytes as the data: URL the BFF takes, or why they cannot be a frame image, naming the field. */
function toChosen(frame: FrameType, type: FrameImageType, bytes: Uint8Array, name: string): ChosenFrame | string {
  const url = frameDataUrl(type, bytes);
  const parsed = parseFrameDataUrl(url);
  if (typeof parsed === "string") return `${frameLabel(frame)}: ${name} ${parsed}`;
  return { url, name, bytes: parsed.bytes };
}

/**
 * Chooses a frame image: an upload (PNG, JPEG or WebP, at most 1 MB) or an image file of the workspace,
 * read through the BFF's file content route. Either becomes a data: URL. Loaded when its button is first used.
 */
export default function FramePickerDialog({ frame, open, setOpen: onOpenChange, trigger, contentId, onChoose }: LazyPopupProps & {
  frame: FrameType;
  onChoose: (chosen: ChosenFrame) => void;
}) {
  const label = frameLabel(frame);
  const uploadId = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  const files = useInfiniteQuery({ ...fileQueries.list(WORKSPACE), enabled: open });
  const images = useMemo(
    // The gateway serves the content of downloadable files only (not of uploads, on the real one).
    () => (files.data?.pages ?? []).flatMap((page) => page.data).filter((file) => file.downloadable && frameImageTypeOf(file) !== null),
    [files.data],
  );

  const choose = (result: ChosenFrame | string) => {
    if (typeof result === "string") setError(result);
    else {
      setError(null);
      onChoose(result);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = frameFileProblem(file, frame);
    const type = frameImageTypeOf(file);
    if (problem || !type) return setError(problem);
    choose(toChosen(frame, type, new Uint8Array(await file.arrayBuffer()), file.name));
  };

  const pick = async (file: { id: string; filename: string; mime_type: string; size_bytes: number }) => {
    const problem = frameFileProblem({ ...file, size: file.size_bytes }, frame);
    const type = frameImageTypeOf(file);
    if (problem || !type) return setError(problem);
    setReading(file.id);
    try {
      const bytes = await fetchFileContent(WORKSPACE, file.id);
      if (bytes.byteLength > FRAME_IMAGE_MAX_BYTES) return setError(frameFileProblem({ ...file, size: bytes.byteLength }, frame));
      choose(toChosen(frame, type, bytes, file.filename));
    } catch (error) {
      const answered = error instanceof ApiError && error.status > 0 ? ` (HTTP ${error.status})` : "";
      setError(`${label}: could not read ${file.filename}${answered}`);
    } finally {
      setReading(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        id={contentId}
        onCloseAutoFocus={returnFocusTo(trigger)}
        title={`${label} image`}
        description={`A PNG, JPEG or WebP image of at most ${formatBytes(FRAME_IMAGE_MAX_BYTES)}: upload one, or pick one of the workspace's files.`}
      >
        <div className="space-y-4 text-sm">
          {error ? <Alert data-testid="frame-error">{error}</Alert> : null}
          <div className="space-y-1">
            <label htmlFor={uploadId} className="block font-medium">
              Upload an image
            </label>
            <input
              id={uploadId}
              type="file"
              accept={FRAME_IMAGE_TYPES.join(",")}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:file:border-slate-700 dark:file:bg-slate-900"
              onChange={(event) => void upload(event.target.files?.[0])}
            />
          </div>
          <section aria-labelledby={`${uploadId}-files`} className="space-y-2">
            <h3 id={`${uploadId}-files`} className="font-medium">
              From the workspace’s files
            </h3>
            {files.isPending ? <p role="status">Loading the files…</p> : null}
            {files.isError ? <Alert>{apiErrorMessage(files.error)}</Alert> : null}
            {files.isSuccess && images.length === 0 ? <p>No downloadable PNG, JPEG or WebP images among the files loaded.</p> : null}
            {images.length > 0 ? (
              <ul className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800" data-testid="frame-files">
                {images.map((file) => {
                  const tooLarge = file.size_bytes > FRAME_IMAGE_MAX_BYTES;
                  return (
                    <li key={file.id}>
                      <button
                        type="button"
                        disabled={tooLarge || reading !== null}
                        onClick={() => void pick(file)}
                        className="flex w-full min-w-0 items-baseline justify-between gap-2 px-3 py-1.5 text-left hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-slate-800"
                      >
                        <span className="min-w-0 truncate">{file.filename}</span>
                        <span className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-400">
                          {reading === file.id ? "Reading…" : tooLarge ? `${formatBytes(file.size_bytes)}, too large` : formatBytes(file.size_bytes)}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {files.hasNextPage ? (
              <Button size="sm" disabled={files.isFetchingNextPage} onClick={() => void files.fetchNextPage()}>
                {files.isFetchingNextPage ? "Loading more files…" : "Load more files"}
              </Button>
            ) : null}
          </section>
        </div>
      </DialogContent>
    </Dialog>
  );
}
