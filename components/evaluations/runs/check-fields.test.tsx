// @vitest-environment happy-dom
import { cleanup, configure, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { CheckFields } from "./check-fields";

/**
 * The run form's checks: a kind and its argument, checked by the engine's own parser (loaded on first use)
 * before they join the plan, so the list only ever holds checks the runner accepts.
 */

configure({ asyncUtilTimeout: 20_000 });
afterEach(cleanup);

let latest: string[] = [];
function Harness() {
  const [checks, setChecks] = useState<string[]>([]);
  const change = (next: string[]) => {
    latest = next;
    setChecks(next);
  };
  return <CheckFields checks={checks} onChange={change} />;
}

describe("CheckFields", () => {
  afterEach(() => {
    latest = [];
  });

  it("adds a check the engine accepts and refuses one it does not, saying why", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.selectOptions(screen.getByLabelText("Kind"), "min-citations");
    await user.type(screen.getByLabelText("Argument"), "two");
    await user.click(screen.getByRole("button", { name: "Add check" }));
    expect((await screen.findByRole("alert")).textContent).toContain("needs a whole number");
    expect(latest).toEqual([]);

    await user.clear(screen.getByLabelText("Argument"));
    await user.type(screen.getByLabelText("Argument"), "2{Enter}");
    expect(await screen.findByText("min-citations:2")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();

    await user.selectOptions(screen.getByLabelText("Kind"), "citation-support");
    await user.click(screen.getByRole("button", { name: "Add check" }));
    expect(await screen.findByRole("button", { name: "Remove check citation-support" })).toBeTruthy();
    expect(latest).toEqual(["min-citations:2", "citation-support"]);

    await user.click(screen.getByRole("button", { name: "Add check" }));
    expect((await screen.findByRole("alert")).textContent).toContain("in the list already");
    await user.click(screen.getByRole("button", { name: "Remove check min-citations:2" }));
    expect(latest).toEqual(["citation-support"]);
  });
});
