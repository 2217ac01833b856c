import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /evaluations/sets: the list of question sets, with "New set" and "Import" for editors. */
export class QuestionSetListPage extends AppPage {
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Question sets" });
  readonly table = this.page.getByTestId("question-set-table");
  readonly importButton = this.page.getByRole("button", { name: "Import", exact: true });
  readonly newSetButton = this.page.getByRole("button", { name: "New set" });
  readonly importDialog = this.page.getByRole("dialog", { name: "Import a question set" });

  async goto() {
    await this.page.goto("/evaluations/sets");
    await expect(this.heading).toBeVisible();
  }

  /** The list row of the set named `name`. */
  row(name: string): Locator {
    return this.table.getByRole("row").filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }
}

/** The import dialog, on the list (a new set) or the editor (a new version). */
export class ImportDialog {
  readonly file: Locator;
  readonly name: Locator;
  readonly submit: Locator;
  /** The table of bad rows a refused file gets. */
  readonly report: Locator;

  constructor(readonly dialog: Locator) {
    this.file = dialog.getByLabel("CSV or JSONL file");
    this.name = dialog.getByLabel("Name of the new set");
    this.submit = dialog.getByRole("button", { name: "Import", exact: true });
    this.report = dialog.getByTestId("import-report");
  }

  /** Picks a file made of `text` and imports it. */
  async importText(fileName: string, text: string) {
    await this.file.setInputFiles({ name: fileName, mimeType: fileName.endsWith(".csv") ? "text/csv" : "application/jsonl", buffer: Buffer.from(text) });
    await this.submit.click();
  }

  /** The report's row for a line of the file. */
  reportRow(line: number): Locator {
    return this.report.getByRole("row").filter({ has: this.dialog.page().getByRole("cell", { name: String(line), exact: true }) });
  }
}

/** /evaluations/sets/[id]: one set's rows, versions, export and (by role) edit, import and delete. */
export class QuestionSetEditorPage extends AppPage {
  readonly saveButton = this.page.getByRole("button", { name: "Save as new version" });
  readonly addRowButton = this.page.getByRole("button", { name: "Add row" });
  readonly versionPicker = this.page.getByRole("combobox", { name: "Version" });
  readonly exportCsv = this.page.getByRole("link", { name: "Export CSV" });
  readonly exportJsonl = this.page.getByRole("link", { name: "Export JSONL" });
  readonly deleteButton = this.page.getByRole("button", { name: "Delete", exact: true });
  readonly importButton = this.page.getByRole("button", { name: "Import new version" });

  async goto(id: string) {
    await this.page.goto(`/evaluations/sets/${id}`);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }

  /** The editable question of row `number` (1-based). */
  question(number: number): Locator {
    return this.page.getByRole("textbox", { name: `Question, row ${number}`, exact: true });
  }

  /** The description under the title: "N questions · version V of L". */
  summary(text: string | RegExp): Locator {
    return this.page.getByText(text);
  }

  /** A confirmation the page announces (role="status"). */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole("status").filter({ hasText: text });
  }

  /** A refusal the page announces (role="alert"). */
  problem(text: string | RegExp): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }
}
