import type { Locator } from "@playwright/test";
import { AppPage } from "./app-page";

/** /sign-in: the credentials form. */
export class SignInPage extends AppPage {
  readonly heading = this.page.getByRole("heading", { name: "Sign in to Gatehouse" });
  readonly email = this.page.getByLabel("Email");
  readonly password = this.page.getByLabel("Password");
  readonly submit = this.page.getByRole("button", { name: "Sign in" });
  readonly demoAccounts = this.page.getByRole("region", { name: "Demo accounts" });

  /** Opens the form; `query` is appended as is (e.g. "?callbackUrl=..."). */
  async goto(query = "") {
    await this.page.goto(`/sign-in${query}`);
  }

  /** Fills both fields and submits the form. */
  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** The form's alert with this text. */
  alert(text: string | RegExp): Locator {
    return this.page.getByRole("alert").filter({ hasText: text });
  }
}
