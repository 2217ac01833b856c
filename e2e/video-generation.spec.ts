import { expect, GATEWAY, gatewayHeaders, test } from "./fixtures";
import { lookAt } from "./support/look";

/**
 * Video generation end to end against the embedded gateway (time scale 1, as in the demo): Veo 3.1 takes
 * about 5 s for its default 4 s clip and the BFF's polling backoff sees it done at about 8 s, long enough for
 * a reload mid-job and short enough for a fast spec, so the config keeps the default scale.
 */
const MODELS = ["google/veo-3.1", "google/veo-3.1-fast"];
const TOLERANCE_S = 0.3;
/** A real 3×2 PNG, so the browser can decode what the BFF serves back. */
const PNG_3X2 = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAEElEQVR4nGM4YSMHQQxwFgBICAbNTlqNGwAAAABJRU5ErkJggg==";

test.describe("as an editor", () => {
  test.use({ role: "editor" });

  test("two models from the catalog generate, resume after a reload, play and seek together, and show in the history", async ({ page, videoModels, videoGeneration, axe }) => {
    test.setTimeout(90_000);
    await videoModels.open();
    for (const id of MODELS) await videoModels.card(id).getByRole("checkbox").check();
    await videoModels.comparisonBar.getByRole("link", { name: "Generate with these" }).click();
    await expect(videoGeneration.chosenModels).toHaveCount(2);

    const prompt = `A lighthouse at dusk, run ${Date.now()}`;
    await videoGeneration.prompt.fill(prompt);
    await expect(videoGeneration.page.getByTestId("model-estimate")).toHaveCount(2);
    await expect(videoGeneration.estimateTotal).toContainText("$");
    await axe.expectNoSeriousViolations(page, "generation form");

    const id = await videoGeneration.confirm();
    await expect(videoGeneration.jobs).toHaveCount(2);
    await expect(videoGeneration.run).toHaveAttribute("data-finished", "false");
    // A reload mid-job picks the run up again from the URL.
    await page.reload();
    await expect(videoGeneration.jobs).toHaveCount(2);
    for (const model of MODELS) await expect(videoGeneration.job(model)).toHaveAttribute("data-status", "completed", { timeout: 40_000 });
    await expect(videoGeneration.run).toHaveAttribute("data-finished", "true");
    await expect(videoGeneration.players).toHaveCount(2);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLVideoElement>('[data-testid="job-card"] video')].every((video) => video.readyState >= 2));

    await videoGeneration.playAll.click();
    await expect.poll(async () => Math.min(...(await videoGeneration.times())), { timeout: 10_000 }).toBeGreaterThan(0.5);
    const playing = await videoGeneration.times();
    expect(Math.abs(playing[0] - playing[1]), `players apart while playing: ${playing}`).toBeLessThan(TOLERANCE_S);
    await videoGeneration.pauseAll.click();

    await videoGeneration.seekAll.focus();
    await page.keyboard.press("Home");
    for (let step = 0; step < 15; step++) await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await videoGeneration.times()).every((time) => Math.abs(time - 1.5) < TOLERANCE_S)).toBe(true);

    await axe.expectNoSeriousViolations(page, "run with two players");
    await lookAt(page, "run");

    await videoGeneration.openHistory();
    const row = videoGeneration.historyRows.filter({ hasText: prompt });
    await expect(row).toHaveCount(1);
    await axe.expectNoSeriousViolations(page, "history");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/video-models/generate/${id}$`));
    await expect(videoGeneration.players).toHaveCount(2);

    // Run again: the form comes back with this run's prompt and models, and nothing is spent before a confirmation.
    await page.getByRole("link", { name: "Run again" }).click();
    await expect(page).toHaveURL(new RegExp(`/video-models/generate\\?from=${id}$`));
    await expect(videoGeneration.prompt).toHaveValue(prompt);
    await expect(videoGeneration.chosenModels).toHaveCount(2);
    for (const model of MODELS) await expect(page.locator(`[data-testid="chosen-model"][data-model-id="${model}"]`)).toHaveCount(1);
    await expect(videoGeneration.page.getByTestId("model-estimate")).toHaveCount(2);
  });

  test("a first frame image from an upload reaches the gateway request and the run; a last frame shows which model cannot take it", async ({ page, videoGeneration, axe }) => {
    const [veo, fast] = MODELS;
    await videoGeneration.openForm(MODELS);
    await videoGeneration.prompt.fill(`A kite over dunes, from a frame ${Date.now()}`);
    await expect(videoGeneration.frameHint("last_frame")).toHaveText("Optional. Not taken by Veo 3.1 Fast.");
    await expect(videoGeneration.frameHint("first_frame")).toHaveText("Optional.");

    // Refused before anything is sent: not a PNG, JPEG or WebP.
    const picker = await videoGeneration.openFramePicker("first_frame");
    await picker.getByLabel("Upload an image").setInputFiles({ name: "anim.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(picker.getByTestId("frame-error")).toHaveText("First frame: anim.gif is not a PNG, JPEG or WebP image");
    await axe.expectNoSeriousViolations(page, "frame picker");
    await picker.getByLabel("Upload an image").setInputFiles({ name: "start.png", mimeType: "image/png", buffer: Buffer.from(PNG_3X2, "base64") });
    await expect(picker).toBeHidden();
    await expect(videoGeneration.frame("first_frame").getByTestId("frame-name")).toHaveText("start.png (73 B)");

    // A last frame from the workspace's files: Veo 3.1 Fast takes none, and the estimate says so against it.
    const files = await videoGeneration.openFramePicker("last_frame");
    const image = files.getByTestId("frame-files").locator("button:enabled").first();
    const filename = await image.locator("span").first().innerText();
    await image.click();
    await expect(files).toBeHidden();
    await expect(videoGeneration.frame("last_frame").getByTestId("frame-name")).toContainText(filename);
    await expect(page.locator(`[data-testid="model-estimate"][data-model-id="${fast}"] [data-testid="unsupported"]`)).toHaveText(
      `last frame: ${fast} takes no last frame image`,
    );
    await expect(videoGeneration.review).toBeDisabled();
    await videoGeneration.frame("last_frame").getByRole("button", { name: "Remove the last frame image" }).click();
    await expect(videoGeneration.review).toBeEnabled();

    const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/videos/generations");
    const id = await videoGeneration.confirm();
    const body = (await sent).postDataJSON() as { models: string[]; settings: Record<string, unknown> };
    expect(body.models).toEqual([veo, fast]);
    expect(body.settings.first_frame).toBe(`data:image/png;base64,${PNG_3X2}`);
    expect(body.settings).not.toHaveProperty("last_frame");
    // The run shows the frame the BFF stored, served back from the record.
    await expect(page.getByTestId("run-first_frame")).toHaveAccessibleName("First frame image");
    const frame = page.getByTestId("run-first_frame").locator("img");
    await expect(frame).toHaveAttribute("src", `/api/videos/generations/${id}/frames/first_frame`);
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([3, 2]);
    await expect(videoGeneration.jobs).toHaveCount(2);

    // Run again carries the frame as it was sent: the same bytes go out with the next confirmation.
    await page.getByRole("link", { name: "Run again" }).click();
    await expect(videoGeneration.frame("first_frame").getByTestId("frame-name")).toHaveText("First frame of the earlier run (73 B)");
    const again = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/videos/generations");
    await videoGeneration.confirm();
    expect(((await again).postDataJSON() as { settings: Record<string, unknown> }).settings.first_frame).toBe(`data:image/png;base64,${PNG_3X2}`);
  });

  test("at 360 px the form, the run and the history do not scroll sideways", async ({ page, videoGeneration }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 780 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await videoGeneration.openForm(MODELS);
    await videoGeneration.prompt.fill(`A narrow screen, run ${Date.now()}`);
    await expect(videoGeneration.page.getByTestId("model-estimate")).toHaveCount(2);
    await lookAt(page, "form-360");
    expect(await overflow(), "form: pixels of horizontal scroll").toBeLessThanOrEqual(0);

    await videoGeneration.confirm();
    for (const model of MODELS) await expect(videoGeneration.job(model)).toHaveAttribute("data-status", "completed", { timeout: 40_000 });
    await expect(videoGeneration.players).toHaveCount(2);
    await lookAt(page, "run-360");
    expect(await overflow(), "run: pixels of horizontal scroll").toBeLessThanOrEqual(0);

    await videoGeneration.openHistory();
    await lookAt(page, "history-360");
    expect(await overflow(), "history: pixels of horizontal scroll").toBeLessThanOrEqual(0);
  });

  test("cancel on the run page stops the polling and keeps the record, cancelled, in the history", async ({ page, videoGeneration }) => {
    // Veo 3.1 at 8 s takes about 6 s: long enough to cancel mid-job.
    await videoGeneration.openForm([MODELS[0]]);
    const prompt = `A harbour at night, cancelled ${Date.now()}`;
    await videoGeneration.prompt.fill(prompt);
    await videoGeneration.duration.selectOption("8");
    const id = await videoGeneration.confirm();
    await expect(videoGeneration.job(MODELS[0])).toHaveAttribute("data-status", /pending|in_progress/);

    const runPath = `/api/videos/generations/${id}`;
    const polls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === runPath) polls.push(request.url());
    });
    // One poll's real answer (still running) is held back until the page shows the cancel, as a slow
    // network would: arriving last, it must not bring the old status, and the polling, back.
    let cancelShown!: () => void;
    const released = new Promise<void>((resolve) => (cancelShown = resolve));
    let pollHeld!: () => void;
    const held = new Promise<void>((resolve) => (pollHeld = resolve));
    let holding = true;
    await page.route(`**${runPath}`, async (route) => {
      if (!holding) return route.continue();
      holding = false;
      const answer = await route.fetch();
      pollHeld();
      await released;
      // The page may have given up on it (aborted): then there is nobody to answer.
      await route.fulfill({ response: answer }).catch(() => undefined);
    });
    await held;
    const cancelled = page.waitForResponse((response) => new URL(response.url()).pathname === `${runPath}/cancel`);
    await videoGeneration.cancel.click();
    expect((await cancelled).status()).toBe(200);
    await expect(videoGeneration.job(MODELS[0])).toHaveAttribute("data-status", "cancelled");
    await expect(videoGeneration.run).toHaveAttribute("data-finished", "true");
    cancelShown();
    const afterCancel = polls.length;
    // Two and a half polling intervals (RUN_POLL_MS, 1.5 s): a page still polling would ask at least twice.
    await page.waitForTimeout(3_800);
    expect(polls.slice(afterCancel), "requests for the run after cancelling").toEqual([]);
    await expect(videoGeneration.job(MODELS[0])).toHaveAttribute("data-status", "cancelled");

    await videoGeneration.openHistory();
    const row = videoGeneration.historyRows.filter({ hasText: prompt });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Cancelled");
  });
});

// The rule that fails a model's job is the gateway's, shared by every test: it runs in the "faults" project.
test.describe("a failing model next to a working one", () => {
  test.use({ role: "editor" });
  test.afterEach(async ({ request }) => {
    expect((await request.delete(`${GATEWAY.baseUrl}/__faults`, { headers: gatewayHeaders("management") })).ok()).toBe(true);
  });

  test("the failed card shows its error while the other completes and plays @faults", async ({ page, request, videoGeneration, axe }) => {
    const [working, failing] = MODELS;
    const fault = await request.post(`${GATEWAY.baseUrl}/__faults`, {
      headers: gatewayHeaders("management"),
      data: { path: "/videos", count: 1, fail_video_job: "Provider returned an error: content policy", model: failing },
    });
    expect(fault.status()).toBe(201);

    await videoGeneration.openForm(MODELS);
    await videoGeneration.prompt.fill(`A windmill in fog, one fails ${Date.now()}`);
    await videoGeneration.confirm();
    await expect(videoGeneration.job(failing)).toHaveAttribute("data-status", "failed", { timeout: 20_000 });
    await expect(videoGeneration.job(failing).getByTestId("job-error")).toHaveText("Provider returned an error: content policy");
    // The failure does not end the run: the other model is still going, and then completes.
    await expect(videoGeneration.job(working)).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    await expect(videoGeneration.run).toHaveAttribute("data-finished", "true");
    await expect(videoGeneration.players).toHaveCount(1);
    const player = videoGeneration.job(working).locator("video");
    await player.evaluate((video: HTMLVideoElement) => video.play());
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
    await axe.expectNoSeriousViolations(page, "run with a failed job");
  });
});

test.describe("as a viewer", () => {
  test.use({ role: "viewer" });

  test("sees the form read-only and cannot submit", async ({ page, videoGeneration, apiAs, axe }) => {
    await videoGeneration.openForm(MODELS);
    await expect(page.getByRole("note")).toContainText("needs the editor role");
    await expect(videoGeneration.chosenModels).toHaveCount(2);
    await expect(videoGeneration.review).toBeDisabled();
    await axe.expectNoSeriousViolations(page, "read-only form");
    const api = await apiAs("viewer");
    const refused = await api.post("/api/videos/generations", {
      headers: { "idempotency-key": `viewer-${Date.now()}` },
      data: { prompt: "x", models: [MODELS[0]] },
    });
    expect(refused.status()).toBe(403);
  });
});
