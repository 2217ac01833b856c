// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { InlineRenameForm } from "./inline-rename-form";

/** The one rename form of the run page and the set page: keyboard first, focus back on Rename when it closes. */

afterEach(cleanup);

function renderForm(save: (name: string) => Promise<unknown>) {
  return render(
    <InlineRenameForm name="Old name" label="Run name" save={save}>
      <h2>Old name</h2>
    </InlineRenameForm>,
  );
}

describe("InlineRenameForm", () => {
  it("opens on Rename with the name in a focused field; Enter saves the trimmed name and focus returns to Rename", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    renderForm(save);
    await user.click(screen.getByRole("button", { name: "Rename" }));
    const field = screen.getByLabelText("Run name");
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe("Old name");
    await user.clear(field);
    await user.type(field, "  New name  {Enter}");
    expect(save).toHaveBeenCalledExactlyOnceWith("New name");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename" })));
    expect(screen.queryByLabelText("Run name")).toBeNull();
  });

  it("Escape cancels without saving and gives focus back to Rename", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.resolve());
    renderForm(save);
    await user.click(screen.getByRole("button", { name: "Rename" }));
    await user.type(screen.getByLabelText("Run name"), " changed{Escape}");
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByLabelText("Run name")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Rename" }));
    // Opened again, it starts from the name, not the abandoned draft.
    await user.click(screen.getByRole("button", { name: "Rename" }));
    expect((screen.getByLabelText("Run name") as HTMLInputElement).value).toBe("Old name");
  });

  it("saves nothing empty or unchanged, and keeps the form open with the API's message when the save is refused", async () => {
    const user = userEvent.setup();
    const save = vi.fn(() => Promise.reject(new ApiError(409, "The question set changed meanwhile.")));
    renderForm(save);
    await user.click(screen.getByRole("button", { name: "Rename" }));
    const field = screen.getByLabelText("Run name");
    await user.type(field, "{Enter}");
    await user.clear(field);
    await user.type(field, "   {Enter}");
    expect(save).not.toHaveBeenCalled();
    expect((screen.getByRole("button", { name: "Save name" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(field, "Other{Enter}");
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", expect.stringContaining("changed meanwhile"));
    expect(screen.getByLabelText("Run name")).toBeTruthy();
  });
});
