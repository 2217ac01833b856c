import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { VideoJobSchema } from "@/lib/contract/gateway";
import { fileTestGateway } from "../testing/harness";

/** GET /videos/{jobId}/content of a job whose clip the cache let go: made again and served, not refused. */
const cacheDir = mkdtempSync(path.join(os.tmpdir(), "gatehouse-evicted-content-test-"));
const { api } = fileTestGateway({ videoTimeScale: 0, videoCacheDir: cacheDir });
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

async function completedJob(): Promise<string> {
  const id = VideoJobSchema.parse(await (await api("/videos", { method: "POST", json: { model: "google/veo-3.1-fast", prompt: "A paper boat", duration: 4 } })).json()).id;
  for (let i = 0; i < 400; i++) {
    if (VideoJobSchema.parse(await (await api(`/videos/${id}`)).json()).status === "completed") return id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not complete`);
}

describe("a clip the cache evicted", () => {
  it("is made again when its content is asked for: 200 with the same bytes", async () => {
    const id = await completedJob();
    const first = await api(`/videos/${id}/content`);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    // What eviction does to the cache folder.
    unlinkSync(path.join(cacheDir, `${id}.webm`));
    const again = await api(`/videos/${id}/content`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
