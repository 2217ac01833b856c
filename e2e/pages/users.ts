import type { Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /users: the users admin. */
export class UsersPage extends AppPage {
  readonly heading = this.page.getByRole("heading", { level: 1, name: "Users" });
  readonly addButton = this.page.getByRole("button", { name: "Add user" });
  readonly addDialog = this.page.getByRole("dialog", { name: "Add user" });

  async goto() {
    await this.page.goto("/users");
  }

  /** The table row of a user. */
  row(email: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByText(email, { exact: true }) });
  }

  /** The role select in a user's row. */
  roleOf(email: string): Locator {
    return this.row(email).getByRole("combobox", { name: `Role of ${email}` });
  }

  /** The button in a user's row that removes them (after a confirmation). */
  removeButton(email: string): Locator {
    return this.row(email).getByRole("button", { name: `Remove ${email}` });
  }

  /** A confirmation the page announces (role="status"). */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole("status").filter({ hasText: text });
  }

  /** A refusal or failure the page announces (role="alert"). */
  problem(text: string | RegExp): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }
}
