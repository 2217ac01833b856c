import { describe, expect, it } from "vitest";
import { navigationStep } from "./question-nav";

const key = (k: string, extra: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; target: unknown }> = {}) =>
  ({ key: k, altKey: false, ctrlKey: false, metaKey: false, target: { tagName: "DIV" }, ...extra }) as unknown as KeyboardEvent;

describe("the detail's keys", () => {
  it("j is next and k previous, not while typing or with a modifier", () => {
    expect(navigationStep(key("j"))).toBe(1);
    expect(navigationStep(key("k"))).toBe(-1);
    expect(navigationStep(key("x"))).toBeNull();
    expect(navigationStep(key("j", { ctrlKey: true }))).toBeNull();
    expect(navigationStep(key("j", { metaKey: true }))).toBeNull();
    expect(navigationStep(key("j", { target: { tagName: "INPUT" } }))).toBeNull();
    expect(navigationStep(key("k", { target: { tagName: "SELECT" } }))).toBeNull();
    expect(navigationStep(key("j", { target: { tagName: "DIV", isContentEditable: true } }))).toBeNull();
  });
});
