"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { UploadItem, UploadQueue } from "@/lib/client/upload-queue";

const NO_UPLOADS: readonly UploadItem[] = [];
/** The queue and what an upload does to the cached pages, both loaded on the first upload. */
const loadQueueModule = () => Promise.all([import("@/lib/client/upload-queue"), import("@/lib/client/queries/file-changes")]);

/**
 * The file browser's upload queue, created with its code on the first upload: most visits to /files upload
 * nothing, so the queue, its XHR progress code and the upload panel stay out of the page's first load
 * (issue 16). `prefetch` fetches the code on the way to the Upload button or when files are dragged in.
 */
export function useUploadQueue() {
  const client = useQueryClient();
  const [uploads, setUploads] = useState<readonly UploadItem[]>(NO_UPLOADS);
  const queue = useRef<Promise<UploadQueue> | null>(null);

  const ready = useCallback(() => {
    queue.current ??= loadQueueModule().then(([{ UploadQueue }, { addFileToCache }]) => {
      const created = new UploadQueue((target, file) => addFileToCache(client, target, file));
      created.subscribe(() => setUploads(created.getSnapshot()));
      return created;
    });
    return queue.current;
  }, [client]);

  return {
    uploads,
    /** Takes the files now (a FileList is emptied when its input is reset), sends them once the code is here. */
    add: (files: FileList, workspaceId: string | null) => {
      const taken = Array.from(files);
      void ready().then((q) => q.add(taken, workspaceId));
    },
    retry: (key: string) => void ready().then((q) => q.retry(key)),
    dismiss: (key: string) => void ready().then((q) => q.dismiss(key)),
    clearFinished: () => void ready().then((q) => q.clearFinished()),
    prefetch: () => void loadQueueModule(),
  };
}
