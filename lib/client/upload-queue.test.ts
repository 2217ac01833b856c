import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GatewayFile } from "@/lib/contract/gateway";
import { ApiError } from "./api-client";
import { UploadQueue } from "./upload-queue";
import { uploadWithProgress, type UploadOptions } from "./upload-with-progress";

vi.mock("./upload-with-progress", () => ({ uploadWithProgress: vi.fn() }));

interface PendingUpload {
  options: UploadOptions;
  resolve: (body: unknown) => void;
  reject: (error: unknown) => void;
}

let pending: PendingUpload[] = [];

// The queue loads the contract's FileSchema with the first answer (not with the page); loaded here once, so
// `settle()` below waits only for the queue's own steps.
beforeAll(async () => {
  await import("@/lib/contract/gateway");
});

beforeEach(() => {
  pending = [];
  vi.mocked(uploadWithProgress).mockImplementation(
    (options) => new Promise((resolve, reject) => pending.push({ options, resolve, reject })),
  );
});

afterEach(() => {
  vi.mocked(uploadWithProgress).mockReset();
});

function gatewayFile(name: string, size: number): GatewayFile {
  return { id: `file_${name}`, type: "file", filename: name, mime_type: "text/plain", size_bytes: size, downloadable: true, created_at: "2026-01-01T00:00:00Z" };
}

function file(name: string, content = "hello"): File {
  return new File([content], name, { type: "text/plain" });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("UploadQueue", () => {
  it("refuses empty files up front and never sends them", () => {
    const queue = new UploadQueue(() => {});
    queue.add([file("empty.txt", "")], null);
    const [item] = queue.getSnapshot();
    expect(item.status).toBe("refused");
    expect(item.error).toContain("empty.txt is empty");
    expect(uploadWithProgress).not.toHaveBeenCalled();
  });

  it("sends two at a time to the workspace's upload URL, reports progress, and starts the next when one ends", async () => {
    const uploaded = vi.fn();
    const queue = new UploadQueue(uploaded);
    const listener = vi.fn();
    queue.subscribe(listener);

    queue.add([file("a.txt"), file("b.txt"), file("c.txt")], "ws_1");
    expect(pending).toHaveLength(2);
    expect(pending[0].options.url).toBe("/api/files?workspace_id=ws_1");
    // Newest first; the third waits.
    expect(queue.getSnapshot().map((i) => [i.name, i.status])).toEqual([
      ["a.txt", "uploading"],
      ["b.txt", "uploading"],
      ["c.txt", "queued"],
    ]);

    pending[0].options.onProgress?.(3, 5);
    expect(queue.getSnapshot().find((i) => i.name === "a.txt")?.sentBytes).toBe(3);

    pending[0].resolve(gatewayFile("a.txt", 5));
    await settle();
    const done = queue.getSnapshot().find((i) => i.name === "a.txt");
    expect(done).toMatchObject({ status: "done", sentBytes: 5, file: { id: "file_a.txt" } });
    expect(uploaded).toHaveBeenCalledWith("ws_1", expect.objectContaining({ id: "file_a.txt" }));
    expect(pending).toHaveLength(3);
    expect(queue.getSnapshot().find((i) => i.name === "c.txt")?.status).toBe("uploading");
    expect(listener).toHaveBeenCalled();
  });

  it("says why an upload failed, retries it, and clearFinished keeps only what is not finished", async () => {
    const queue = new UploadQueue(() => {});
    queue.add([file("a.txt")], null);
    pending[0].reject(new ApiError(429, "Too many requests", null, 2.2));
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "failed", error: "Rate limited; try again in 3 s." });

    const key = queue.getSnapshot()[0].key;
    queue.retry(key);
    expect(pending).toHaveLength(2);
    expect(pending[1].options.url).toBe("/api/files");
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "uploading", error: null });

    pending[1].resolve(gatewayFile("a.txt", 5));
    queue.add([file("empty.txt", "")], null);
    queue.add([file("b.txt")], null);
    pending[2].reject(new ApiError(413, "Payload too large"));
    await settle();
    expect(queue.getSnapshot().map((i) => [i.name, i.status])).toEqual([
      ["b.txt", "failed"],
      ["empty.txt", "refused"],
      ["a.txt", "done"],
    ]);
    expect(queue.getSnapshot()[0].error).toBe("Too large for the gateway.");

    queue.clearFinished();
    expect(queue.getSnapshot().map((i) => i.name)).toEqual(["b.txt"]);
    queue.dismiss(queue.getSnapshot()[0].key);
    expect(queue.getSnapshot()).toEqual([]);
  });

  it("an answer that is not a file becomes a failure, not a done entry", async () => {
    const uploaded = vi.fn();
    const queue = new UploadQueue(uploaded);
    queue.add([file("a.txt")], null);
    pending[0].resolve({ unexpected: true });
    await settle();
    expect(queue.getSnapshot()[0]).toMatchObject({ status: "failed", error: "The gateway's answer could not be read." });
    expect(uploaded).not.toHaveBeenCalled();
  });
});
