import { existsSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VideoJobSchema } from "@/lib/contract/gateway";
import { CHROMIUM_ARGS, chromiumExecutablePath } from "@/scripts/chromium";
import { fileTestGateway } from "../testing/harness";

/**
 * The clips play in a real browser: Chromium loads each from GET /videos/{jobId}/content in a <video>,
 * reads its duration and frame size, plays it (currentTime advances) and seeks (Range requests, 206).
 * Set PLAYBACK_SCREENSHOT=/path.png to keep a screenshot of the players.
 */
const executablePath = chromiumExecutablePath();
const hasBrowser = executablePath === undefined || existsSync(executablePath);

const { api, gateway } = fileTestGateway({ videoTimeScale: 0 });
let browser: Browser | undefined;
beforeAll(async () => {
  if (hasBrowser) browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
});
afterAll(() => browser?.close());

async function completedJob(body: Record<string, unknown>): Promise<string> {
  const id = VideoJobSchema.parse(await (await api("/videos", { method: "POST", json: body })).json()).id;
  for (let i = 0; i < 400; i++) {
    if (VideoJobSchema.parse(await (await api(`/videos/${id}`)).json()).status === "completed") return id;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not complete`);
}

interface Played {
  duration: number;
  width: number;
  height: number;
  advanced: number;
  seekedTo: number;
  error: string | null;
}

describe.skipIf(!hasBrowser)("the clips play in Chromium", () => {
  it("two models side by side: duration, frame size, playback and seeking", async () => {
    const ids = await Promise.all([
      completedJob({ model: "google/veo-3.1", prompt: "A serene mountain landscape at sunset", duration: 4, aspect_ratio: "16:9" }),
      completedJob({ model: "openai/sora-2", prompt: "A red fox trotting through fresh snow", duration: 8, aspect_ratio: "9:16" }),
    ]);
    const page = await browser!.newPage({ viewport: { width: 780, height: 320 } });
    // The clips come from the gateway with its key.
    await page.setExtraHTTPHeaders({ authorization: `Bearer ${gateway().apiKey}` });
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/content")) statuses.push(response.status());
    });
    const sources = ids.map((id) => `${gateway().baseUrl}/videos/${id}/content`);
    // On the gateway's origin (Playwright answers it, the gateway never sees it): Chromium refuses a
    // page from elsewhere loading media from loopback (Private Network Access).
    const player = `${new URL(gateway().baseUrl).origin}/player.html`;
    await page.route(player, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<body style="margin:0;background:#111">${sources.map((src, i) => `<video id="v${i}" src="${src}" muted playsinline style="height:300px;margin:8px 4px"></video>`).join("")}</body>`,
      }),
    );
    await page.goto(player);
    const played = await page.evaluate(async (count) => {
      const one = async (video: HTMLVideoElement): Promise<Played> => {
        const failed = () => (video.error ? `${video.error.code} ${video.error.message}` : null);
        await new Promise<void>((resolve, reject) => {
          if (video.readyState >= 2) return resolve();
          if (video.error) return reject(new Error(failed() ?? "error"));
          video.addEventListener("loadeddata", () => resolve(), { once: true });
          video.addEventListener("error", () => reject(new Error(failed() ?? "error")), { once: true });
        });
        await video.play();
        const start = video.currentTime;
        await new Promise((resolve) => setTimeout(resolve, 900));
        video.pause();
        const advanced = video.currentTime - start;
        video.currentTime = 2.5;
        await new Promise((resolve) => video.addEventListener("seeked", resolve, { once: true }));
        return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, advanced, seekedTo: video.currentTime, error: failed() };
      };
      return Promise.all(Array.from({ length: count }, (_, i) => one(document.getElementById(`v${i}`) as HTMLVideoElement)));
    }, ids.length);
    if (process.env.PLAYBACK_SCREENSHOT) await page.screenshot({ path: process.env.PLAYBACK_SCREENSHOT });
    await page.close();

    expect(played[0]).toMatchObject({ duration: 4, width: 320, height: 180, error: null });
    expect(played[1]).toMatchObject({ duration: 8, width: 180, height: 320, error: null });
    for (const video of played) {
      expect(video.advanced).toBeGreaterThan(0.3);
      expect(video.seekedTo).toBeCloseTo(2.5, 1);
    }
    expect(statuses.every((status) => status === 200 || status === 206)).toBe(true);
    expect(statuses).toContain(206);
  });
});
