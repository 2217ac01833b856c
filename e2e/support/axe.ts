import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG 2.1 A and AA rules only (axe's default set adds best practices). */
export const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface AxeScope {
  /** Only these axe tags' rules (default: axe's default set). */
  tags?: string[];
  /** Only this part of the page (a CSS selector). */
  include?: string;
}

/** The suite's accessibility check: no serious or critical axe violation. */
export class Axe {
  /** The serious and critical violations on the page as it is now, one readable line each. */
  async seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
    let builder = new AxeBuilder({ page });
    if (scope.include) builder = builder.include(scope.include);
    if (scope.tags) builder = builder.withTags(scope.tags);
    const results = await builder.analyze();
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}: ${violation.nodes
            .map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`.trim())
            .join(" | ")}`,
      );
  }

  /** Fails the test, naming `label`, if the page has any serious or critical violation now. */
  async expectNoSeriousViolations(page: Page, label?: string, scope: AxeScope = {}) {
    const message = label ? `serious or critical axe violations (${label})` : "serious or critical axe violations";
    expect(await this.seriousViolations(page, scope), message).toEqual([]);
  }
}
