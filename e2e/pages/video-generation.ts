import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /video-models/generate (the form), /video-models/generate/{id} (a run) and /video-models/generations (history). */
export class VideoGenerationPage extends AppPage {
  readonly prompt = this.page.getByLabel("Prompt");
  readonly chosenModels = this.page.getByTestId("chosen-model");
  readonly duration = this.page.getByLabel("Duration", { exact: true });
  readonly estimateTotal = this.page.getByTestId("estimate-total");
  readonly review = this.page.getByRole("button", { name: "Review and generate" });
  readonly confirmDialog = this.page.getByRole("dialog", { name: "Generate videos?" });
  readonly jobs = this.page.getByTestId("job-card");
  readonly players = this.page.locator('[data-testid="job-card"] video');
  readonly run = this.page.getByTestId("generation-run");
  readonly playAll = this.page.getByRole("button", { name: "Play all" });
  readonly pauseAll = this.page.getByRole("button", { name: "Pause all" });
  readonly seekAll = this.page.getByLabel("Seek all");
  readonly historyRows = this.page.getByTestId("history-row");
  readonly cancel = this.page.getByRole("button", { name: "Cancel the unfinished jobs" });

  async openForm(models: string[] = []) {
    await this.page.goto(`/video-models/generate${models.length > 0 ? `?models=${models.join(",")}` : ""}`);
    await expect(this.page.getByTestId("generate-form")).toBeVisible();
  }

  /** The first or last frame image control of the form. */
  frame(frame: "first_frame" | "last_frame"): Locator {
    return this.page.getByTestId(`frame-${frame}`);
  }

  frameHint(frame: "first_frame" | "last_frame"): Locator {
    return this.page.locator(`#${frame}-hint`);
  }

  /** Opens the frame image picker (upload or workspace file) and returns its dialog. */
  async openFramePicker(frame: "first_frame" | "last_frame"): Promise<Locator> {
    const label = frame === "first_frame" ? "first frame" : "last frame";
    await this.frame(frame).getByRole("button", { name: new RegExp(`^(Choose a|Change the) ${label} image`) }).click();
    const dialog = this.page.getByRole("dialog", { name: `${label[0].toUpperCase()}${label.slice(1)} image` });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  job(model: string): Locator {
    return this.page.locator(`[data-testid="job-card"][data-model-id="${model}"]`);
  }

  /** Confirms in the dialog and waits for the run page; returns the generation id from the URL. */
  async confirm(): Promise<string> {
    await this.review.click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole("button", { name: /^Generate with/ }).click();
    await this.page.waitForURL(/\/video-models\/generate\/[0-9a-f-]{36}$/);
    return this.page.url().split("/").pop()!;
  }

  /** Every player's currentTime, in page order. */
  times(): Promise<number[]> {
    return this.players.evaluateAll((videos) => videos.map((video) => (video as HTMLVideoElement).currentTime));
  }

  async openHistory() {
    await this.page.goto("/video-models/generations");
    await expect(this.page.getByRole("heading", { name: "Video generations" })).toBeVisible();
  }
}
