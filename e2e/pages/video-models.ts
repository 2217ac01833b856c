import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /video-models: the catalog with its filters, comparison and cost calculator. */
export class VideoModelsPage extends AppPage {
  readonly cards = this.page.getByTestId("video-model-card");
  readonly resultCount = this.page.getByTestId("result-count");
  readonly search = this.page.getByLabel("Search");
  readonly sortBy = this.page.getByLabel("Sort by");
  readonly duration = this.page.getByLabel("Duration", { exact: true });
  readonly resolution = this.page.getByLabel("Resolution", { exact: true });
  readonly withAudio = this.page.getByLabel("With audio");
  readonly compareBoxes = this.page.getByRole("checkbox", { name: /^Compare / });
  readonly comparisonBar = this.page.getByRole("region", { name: "Comparison" });
  readonly detailsButtons = this.page.getByRole("button", { name: /Details and raw JSON/ });
  readonly refreshButton = this.page.getByRole("button", { name: "Refresh list" });
  readonly clearFilters = this.page.getByRole("button", { name: "Clear filters" });

  /** Goes to the catalog (`query` as is) without waiting for anything. */
  async goto(query = "") {
    await this.page.goto(`/video-models${query}`);
  }

  /** Opens the catalog (`query` as is) and waits for its first card. */
  async open(query = "") {
    await this.goto(query);
    await expect(this.cards.first()).toBeVisible();
  }

  card(id: string): Locator {
    return this.page.locator(`[data-testid="video-model-card"][data-model-id="${id}"]`);
  }

  /** The ids of the cards shown, in order. */
  shownIds(): Promise<string[]> {
    return this.cards.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset.modelId ?? ""));
  }

  /** The "From" or "To" end of the duration filter. */
  durationRange(end: "From" | "To"): Locator {
    return this.page.getByRole("group", { name: "Duration" }).getByLabel(end);
  }

  /** One value of a filter group: its checkbox, and how many models choosing it would leave. */
  facet(group: string, name: RegExp): { box: Locator; count: () => Promise<number> } {
    const box = this.page.getByRole("group", { name: group }).getByRole("checkbox", { name });
    const label = this.page.getByRole("group", { name: group }).locator("label").filter({ has: this.page.getByRole("checkbox", { name }) });
    return { box, count: async () => Number(await label.getByTestId("facet-count").getAttribute("data-count")) };
  }
}
