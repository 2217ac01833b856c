import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /evaluations/runs (the list), /evaluations/runs/new (the plan form) and /evaluations/runs/{id} (live progress). */
export class EvaluationRunsPage extends AppPage {
  readonly rows = this.page.getByTestId("run-row");
  readonly form = this.page.getByTestId("plan-form");
  readonly preset = this.page.getByLabel("Preset", { exact: true });
  readonly questionSet = this.page.getByLabel("Question set", { exact: true });
  readonly concurrency = this.page.getByLabel("Concurrency");
  readonly cap = this.page.getByLabel("Spending cap (USD)");
  readonly estimate = this.page.getByTestId("plan-estimate");
  readonly start = this.page.getByTestId("plan-start");
  readonly blocked = this.page.getByTestId("plan-blocked");
  readonly confirmDialog = this.page.getByRole("dialog", { name: "Start this run?" });
  readonly run = this.page.getByTestId("evaluation-run");
  readonly versions = this.page.getByTestId("version-progress");
  readonly ended = this.page.getByTestId("run-ended");
  readonly cancel = this.page.getByRole("button", { name: "Cancel run" });
  readonly cancelDialog = this.page.getByRole("dialog", { name: "Cancel this run?" });
  readonly resultsLink = this.page.getByRole("link", { name: "See the results" });

  async openList() {
    await this.page.goto("/evaluations/runs");
    await expect(this.page.getByRole("heading", { name: "Evaluation runs", level: 1 })).toBeVisible();
  }

  async openForm(query = "") {
    await this.page.goto(`/evaluations/runs/new${query}`);
    await expect(this.form).toBeVisible();
  }

  async openRun(id: string) {
    await this.page.goto(`/evaluations/runs/${id}`);
    await expect(this.run).toBeVisible();
  }

  row(id: string): Locator {
    return this.page.locator(`[data-testid="run-row"][data-run-id="${id}"]`);
  }

  /** The list is paged, newest first: shows older runs until `id`'s row is there (the suite's other tests start runs too). */
  async showRow(id: string): Promise<Locator> {
    const row = this.row(id);
    const older = this.page.getByRole("button", { name: "Show older runs" });
    const table = this.page.getByTestId("run-row").first();
    await expect(table).toBeVisible();
    while (!(await row.isVisible())) {
      await expect(older, `no run ${id} on any page of the list`).toBeEnabled();
      const shown = await this.page.getByTestId("run-row").count();
      await older.click();
      await expect(this.page.getByTestId("run-row")).not.toHaveCount(shown);
    }
    return row;
  }

  version(id: string): Locator {
    return this.page.locator(`[data-testid="version-progress"][data-version-id="${id}"]`);
  }

  versionCheckbox(version: number): Locator {
    return this.form.getByRole("checkbox", { name: `v${version}`, exact: true });
  }

  /** Items ended (done + failed) as the run page's headline shows them: [ended, total]. */
  async endedCounts(): Promise<[number, number]> {
    const [ended, total] = ((await this.ended.textContent()) ?? "").split("/").map((part) => Number(part.trim()));
    return [ended, total];
  }

  /** Confirms the plan and waits for the run's page; returns the run id from the URL. */
  async confirmStart(): Promise<string> {
    await expect(this.start).toBeEnabled({ timeout: 20_000 });
    await this.start.click();
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole("button", { name: "Start the run" }).click();
    await this.page.waitForURL(/\/evaluations\/runs\/[0-9a-f-]{36}$/);
    return this.page.url().split("/").pop()!;
  }
}
