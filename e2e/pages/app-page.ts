import type { Locator, Page } from "@playwright/test";

/** What every page of the app shares: the main navigation, and how far the document scrolls sideways. */
export class AppPage {
  readonly nav: Locator;

  constructor(readonly page: Page) {
    this.nav = page.getByRole("navigation", { name: "Main" });
  }

  /** A link of the main navigation. */
  navLink(name: string, options: { exact?: boolean } = {}): Locator {
    return this.nav.getByRole("link", { name, ...options });
  }

  /** How many pixels the document is wider than the viewport: 0 or less when nothing scrolls sideways. */
  horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }
}
