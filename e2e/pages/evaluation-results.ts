import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /evaluations/runs/{id}/results: a run's summary, its questions table, a question's detail, the dialogs. */
export class EvaluationResultsPage extends AppPage {
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Evaluation results" });
  readonly table = this.page.getByRole("table", { name: /^Questions/ });
  readonly rows = this.page.getByTestId("result-row");
  readonly detail = this.page.getByTestId("question-detail");
  readonly diff = this.page.getByTestId("citation-diff");

  async goto(runId: string, query = "") {
    await this.page.goto(`/evaluations/runs/${runId}/results${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** A filter toggle ("Citations changed", ...), by the start of its label (the count follows it). */
  filter(label: string): Locator {
    return this.page.getByRole("group", { name: "Filters" }).getByRole("button", { name: new RegExp(`^${label}`) });
  }

  /** The link of a question's row that opens its detail. */
  questionLink(index: number): Locator {
    return this.rows.and(this.page.locator(`[data-question="${index}"]`)).getByRole("link");
  }

  /** One version's column in the open question's detail. */
  detailVersion(label: string): Locator {
    return this.detail.getByRole("region", { name: `Answer of ${label}`, exact: true });
  }

  exportLink(name: "CSV" | "JSON" | "Markdown report"): Locator {
    return this.page.getByRole("link", { name, exact: true });
  }

  dialog(name: string | RegExp): Locator {
    return this.page.getByRole("dialog", { name });
  }
}
