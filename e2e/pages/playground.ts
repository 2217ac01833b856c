import { expect, type Locator } from "@playwright/test";
import { playgroundHref, type RequestDraft } from "../../lib/playground/setup";
import { AppPage } from "./app-page";

/** A column of the playground: "a" is the first. */
export type ColumnId = "a" | "b" | "c" | "d";

/** /playground: columns of requests, their streamed answers with citations, and the comparison below. */
export class PlaygroundPage extends AppPage {
  readonly toolbar = this.page.getByRole("toolbar", { name: "Playground" });
  readonly runButton = this.page.getByRole("button", { name: "Run column Request" });
  readonly stopButton = this.page.getByRole("button", { name: "Stop column Request" });
  readonly runAllButton = this.page.getByRole("button", { name: "Run all" });
  readonly citedSources = this.page.getByTestId("cited-sources");
  readonly citationCard = this.page.getByTestId("citation-card");
  readonly citationComparison = this.page.getByTestId("citation-comparison");
  readonly sharedTurn = this.page.getByRole("region", { name: "Shared by all columns" }).getByTestId("turn-0");

  /** Goes to a playground URL and waits until the page's handlers are live (the server render looks the same before). */
  async goto(url: string) {
    await this.page.goto(url);
    await this.expectHydrated();
  }

  /** Opens a setup of one column per request. */
  async open(...requests: RequestDraft[]) {
    await this.goto(playgroundHref({ columns: requests.map((request) => ({ request })) }));
  }

  async expectHydrated() {
    await expect(this.toolbar).toHaveAttribute("data-hydrated", "true");
  }

  column(id: ColumnId = "a"): Locator {
    return this.page.getByTestId(`column-${id}`);
  }

  /** The run status of a column; its data-status is in_progress, completed, stopped or failed. */
  status(id: ColumnId = "a"): Locator {
    return this.column(id).getByTestId("run-status");
  }

  /** The answer text of a column. */
  answer(id: ColumnId = "a"): Locator {
    return this.page.locator(`#run-${id}-text`);
  }

  /** The highlighted citation spans in a column's answer. */
  marks(id: ColumnId = "a"): Locator {
    return this.answer(id).locator("mark[data-span-keys]");
  }

  /** Waits until a column's run has completed. */
  async expectCompleted(id: ColumnId = "a", timeout = 30_000) {
    await expect(this.status(id)).toHaveAttribute("data-status", "completed", { timeout });
  }

  /** Runs the first column and waits until it has completed. */
  async runAndComplete() {
    await this.runButton.click();
    await this.expectCompleted();
  }

  /** Clicks an export button and returns what it downloaded, as text. */
  async download(button: "Export Markdown" | "Export JSON"): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByRole("button", { name: button }).click()]);
    return Buffer.concat(await (await download.createReadStream()).toArray()).toString("utf8");
  }
}
