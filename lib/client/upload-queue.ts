import type { GatewayFile } from "@/lib/contract/gateway";
import { gatewaySchema } from "@/lib/client/contract";
import { apiErrorMessage } from "@/lib/client/api-error-message";
import { fileUploadUrl } from "@/lib/client/queries/file-changes";
import { uploadWithProgress } from "@/lib/client/upload-with-progress";
import { uploadRefusal } from "@/lib/files/upload-rules";

export type UploadStatus = "queued" | "uploading" | "done" | "refused" | "failed";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  workspaceId: string | null;
  status: UploadStatus;
  sentBytes: number;
  error: string | null;
  file: GatewayFile | null;
}

/** Two at a time: enough to keep the pipe busy without starving the list's page requests. */
const CONCURRENCY = 2;

/**
 * The upload queue: files refused up front (empty, over-size) never leave the browser; the rest go two at a
 * time with per-file progress. A small store with subscribe/getSnapshot so React reads it with
 * useSyncExternalStore and uploads keep running while the user switches workspaces.
 */
export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly files = new Map<string, File>();
  private readonly waiting: string[] = [];
  private readonly listeners = new Set<() => void>();
  private active = 0;
  private counter = 0;

  constructor(private readonly onUploaded: (workspaceId: string | null, file: GatewayFile) => void) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.items;

  add(files: Iterable<File>, workspaceId: string | null): void {
    const added: UploadItem[] = [];
    for (const file of files) {
      const key = `u${(this.counter += 1)}`;
      const refusal = uploadRefusal(file);
      added.push({
        key,
        name: file.name,
        size: file.size,
        workspaceId,
        status: refusal ? "refused" : "queued",
        sentBytes: 0,
        error: refusal,
        file: null,
      });
      if (!refusal) {
        this.files.set(key, file);
        this.waiting.push(key);
      }
    }
    if (added.length === 0) return;
    this.items = [...added, ...this.items];
    this.emit();
    this.pump();
  }

  retry(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item || item.status !== "failed" || !this.files.has(key)) return;
    this.patch(key, { status: "queued", error: null, sentBytes: 0 });
    this.waiting.push(key);
    this.pump();
  }

  /** Forgets finished entries (done and refused); failed ones stay until retried or dismissed. */
  clearFinished(): void {
    const keep = this.items.filter((i) => i.status === "queued" || i.status === "uploading" || i.status === "failed");
    for (const item of this.items) if (!keep.includes(item)) this.files.delete(item.key);
    this.items = keep;
    this.emit();
  }

  dismiss(key: string): void {
    const item = this.items.find((i) => i.key === key);
    if (!item || item.status === "uploading" || item.status === "queued") return;
    this.files.delete(key);
    this.items = this.items.filter((i) => i.key !== key);
    this.emit();
  }

  private pump(): void {
    while (this.active < CONCURRENCY && this.waiting.length > 0) {
      const key = this.waiting.shift()!;
      const item = this.items.find((i) => i.key === key);
      const file = this.files.get(key);
      if (!item || !file) continue;
      this.active += 1;
      this.patch(key, { status: "uploading", sentBytes: 0 });
      void this.run(key, item.workspaceId, file).finally(() => {
        this.active -= 1;
        this.pump();
      });
    }
  }

  private async run(key: string, workspaceId: string | null, file: File): Promise<void> {
    try {
      const body = await uploadWithProgress({
        url: fileUploadUrl(workspaceId),
        file,
        onProgress: (sent) => this.patch(key, { sentBytes: sent }),
      });
      const uploaded = (await gatewaySchema("FileSchema")()).parse(body);
      this.files.delete(key);
      this.patch(key, { status: "done", sentBytes: file.size, file: uploaded });
      this.onUploaded(workspaceId, uploaded);
    } catch (error) {
      this.patch(key, { status: "failed", error: describeUploadError(error) });
    }
  }

  private patch(key: string, patch: Partial<UploadItem>): void {
    this.items = this.items.map((item) => (item.key === key ? { ...item, ...patch } : item));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function describeUploadError(error: unknown): string {
  return apiErrorMessage(error, {
    status: {
      413: "Too large for the gateway.",
      403: "Your role cannot upload files.",
      // Gatehouse's own per-user limit names itself and the wait in its message; the gateway's 429 may not.
      429: (answer) =>
        typeof answer.metadata?.bucket === "string"
          ? answer.message
          : `Rate limited${answer.retryAfterSeconds ? `; try again in ${Math.ceil(answer.retryAfterSeconds)} s` : ""}.`,
    },
    otherwise: (other) => (other instanceof DOMException && other.name === "AbortError" ? "Cancelled." : "The gateway's answer could not be read."),
  });
}
