import { expect, test } from "./fixtures";

/**
 * Video generation end to end against the embedded gateway (time scale 1, as in the demo): Veo 3.1 takes
 * about 5 s for its default 4 s clip and the BFF's polling backoff sees it done at about 8 s, long enough for
 * a reload mid-job and short enough for a fast spec, so the config keeps the default scale.
 */
const MODELS = ["google/veo-3.1", "google/veo-3.1-fast"];
const TOLERANCE_S = 0.3;

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
    await page.screenshot({ path: "test-results/video-generation-run.png", fullPage: true });

    await videoGeneration.openHistory();
    const row = videoGeneration.historyRows.filter({ hasText: prompt });
    await expect(row).toHaveCount(1);
    await axe.expectNoSeriousViolations(page, "history");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/video-models/generate/${id}$`));
    await expect(videoGeneration.players).toHaveCount(2);
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
