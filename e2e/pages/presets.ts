import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /presets: the list of presets. */
export class PresetsListPage extends AppPage {
  readonly table = this.page.getByTestId("preset-table");
  readonly search = this.page.getByRole("searchbox", { name: /Search presets/ });
  readonly newPresetButton = this.page.getByRole("button", { name: "New preset" });
  readonly newPresetDialog = this.page.getByRole("dialog", { name: "New preset" });

  async goto() {
    await this.page.goto("/presets");
  }

  /** The table row of one preset. */
  row(slug: string): Locator {
    return this.table.locator(`tr[data-slug="${slug}"]`);
  }
}

/** /presets/[slug]: the preset editor, its history and comparisons. */
export class PresetEditorPage extends AppPage {
  readonly status = this.page.getByTestId("editor-status");
  readonly settingsForm = this.page.getByRole("form", { name: "Preset settings" });
  readonly saveButton = this.page.getByRole("button", { name: "Save…" });
  readonly reviewDialog = this.page.getByRole("dialog", { name: "Review changes" });
  readonly versionTable = this.page.getByTestId("version-table");
  readonly fieldDiff = this.page.getByTestId("field-diff");
  readonly jsonIssues = this.page.getByTestId("json-issues");
  readonly addMetadataPair = this.page.locator("#section-metadata").getByRole("button", { name: "Add pair" });

  /** Goes to the editor of `slug` without waiting for anything. */
  async goto(slug: string) {
    await this.page.goto(`/presets/${slug}`);
  }

  /** Opens the editor of an existing preset and waits until its form shows. */
  async open(slug: string) {
    await this.goto(slug);
    await expect(this.page.getByRole("heading", { level: 1, name: slug })).toBeVisible();
    await expect(this.control("Model")).toBeVisible();
  }

  /** A form control by its label (sections are labelled by their titles too, so "Model" alone is ambiguous). */
  control(label: string): Locator {
    return this.page.getByLabel(label, { exact: true }).and(this.page.locator("input, textarea, select"));
  }

  /** The key and value inputs of metadata pair `n` (from 1). */
  metadataKey(n: number): Locator {
    return this.page.getByLabel(`Metadata pairs key ${n}`, { exact: true });
  }

  metadataValue(n: number): Locator {
    return this.page.getByLabel(`Metadata pairs value ${n}`, { exact: true });
  }

  tab(name: "Edit" | "History"): Locator {
    return this.page.getByRole("tab", { name });
  }

  /** A problem shown inline in the settings form. */
  formError(text: string): Locator {
    return this.settingsForm.getByText(text);
  }

  /** A row of the table under the version history. */
  version(version: number): Locator {
    return this.versionTable.locator(`tr[data-version='${version}']`);
  }

  /** Save…, then "Save new version" in the review, without waiting for the outcome. */
  async saveNewVersion() {
    await this.saveButton.click();
    await this.reviewDialog.getByRole("button", { name: "Save new version" }).click();
  }

  /** Saves through the review dialog and waits for the new version's confirmation. */
  async saveThroughReview(expectedVersion: number) {
    await this.page.getByRole("button", { name: /^(Save|Create preset)…$/ }).click();
    const review = this.page.getByRole("dialog");
    await expect(review).toBeVisible();
    await review.getByRole("button", { name: /Save new version|Create preset/ }).click();
    await expect(this.page.getByText(`Saved as version ${expectedVersion}.`)).toBeVisible();
  }
}
