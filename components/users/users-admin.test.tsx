// @vitest-environment happy-dom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startComponentBff, type ComponentBff } from "@/lib/testing/component-bff";
import { renderIsland } from "@/lib/testing/render-island";
import { UsersAdmin } from "./users-admin";

/**
 * The users admin as an admin sees it, against the real BFF (route handlers, users store, sessions) over
 * HTTP: what the page shows comes from GET /api/users, and each action is checked by reading the store
 * back through the API, not by what the component says it did.
 */

// The machine running the suite may be loaded: the page's answers come over HTTP from a real BFF.
configure({ asyncUtilTimeout: 15_000 });

let bff: ComponentBff;
beforeAll(async () => {
  bff = await startComponentBff();
});
afterAll(() => bff?.close());
afterEach(cleanup);

function renderAsAdmin() {
  bff.openPage("/users");
  return renderIsland(<UsersAdmin />, { id: bff.userIds.admin, role: "admin" });
}

/** The users as the API holds them now (a fresh read, not the page's cache). */
async function storedUsers(): Promise<{ email: string; role: string }[]> {
  const response = await fetch(`${bff.baseUrl}/api/users`);
  return ((await response.json()) as { data: { email: string; role: string }[] }).data;
}

/** The desktop table (the list is also drawn as cards for narrow screens; happy-dom applies no CSS). */
const usersTable = () => screen.getByRole("table");

let counter = 0;
/** A user of its own for a test that changes or removes one, made through the API as the admin. */
async function createUser(role: "viewer" | "editor"): Promise<string> {
  const email = `subject-${(counter += 1)}@test.local`;
  const response = await fetch(`${bff.baseUrl}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, role, password: "a-long-enough-password" }),
  });
  expect(response.status).toBe(201);
  return email;
}

/** The page as the admin sees it with a user of its own (`createUser`) in the table: the user, its email and the table. */
async function renderWithSubject(role: "viewer" | "editor") {
  const user = userEvent.setup();
  bff.openPage("/users");
  const email = await createUser(role);
  renderAsAdmin();
  return { user, email, table: await screen.findByRole("table") };
}

describe("users admin", () => {
  it("lists the users the API holds, with a role control for others but not for oneself", async () => {
    renderAsAdmin();
    const table = await screen.findByRole("table");
    for (const email of ["viewer@test.local", "editor@test.local", "admin@test.local"]) expect(within(table).getAllByText(email).length).toBeGreaterThan(0);
    expect(within(table).getByRole("combobox", { name: "Role of editor@test.local" })).toBeTruthy();
    expect(within(table).queryByRole("combobox", { name: "Role of admin@test.local" })).toBeNull();
    expect(within(table).getByText("Your own role: another admin can change it.")).toBeTruthy();
  });

  it("adds a user through the dialog, refusing a short password with the field named", async () => {
    const user = userEvent.setup();
    renderAsAdmin();
    await screen.findByRole("table");
    await user.click(screen.getByRole("button", { name: "Add user" }));
    const dialog = await screen.findByRole("dialog", { name: "Add user" });
    await user.type(within(dialog).getByLabelText("Email"), "new.person@test.local");
    await user.click(within(dialog).getByRole("radio", { name: /Editor/ }));
    await user.type(within(dialog).getByLabelText("Password"), "short");
    const postsBefore = (await bff.requests()).filter((request) => request.method === "POST").length;
    await user.click(within(dialog).getByRole("button", { name: "Add user" }));
    // Refused in the form, at the field, with the contract's wording; nothing reaches the API.
    const password = within(dialog).getByLabelText("Password");
    await waitFor(() => expect(password.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByText((text) => text.includes("must be at least"))).toBeTruthy();
    expect((await bff.requests()).filter((request) => request.method === "POST")).toHaveLength(postsBefore);

    await user.clear(within(dialog).getByLabelText("Password"));
    await user.type(within(dialog).getByLabelText("Password"), "a-long-enough-password");
    await user.click(within(dialog).getByRole("button", { name: "Add user" }));
    expect(await screen.findByText("Added new.person (new.person@test.local) as editor.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(within(usersTable()).getAllByText("new.person@test.local").length).toBeGreaterThan(0);
    expect(await storedUsers()).toContainEqual(expect.objectContaining({ email: "new.person@test.local", role: "editor" }));
  });

  it("changes a role at once and says so", async () => {
    const { user, email, table } = await renderWithSubject("viewer");
    await user.selectOptions(within(table).getByRole("combobox", { name: `Role of ${email}` }), "editor");
    expect(await screen.findByText(`${email.split("@")[0]} (${email}) is now editor.`)).toBeTruthy();
    expect(await storedUsers()).toContainEqual(expect.objectContaining({ email, role: "editor" }));
  });

  it("removes a user only after the confirmation dialog", async () => {
    const { user, email, table } = await renderWithSubject("editor");
    await user.click(within(table).getByRole("button", { name: `Remove ${email}` }));
    const dialog = await screen.findByRole("dialog", { name: /^Remove / });
    expect(within(dialog).getByText((text) => text.startsWith(`${email} loses access at once`))).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await storedUsers()).some((stored) => stored.email === email)).toBe(true);

    await user.click(within(usersTable()).getByRole("button", { name: `Remove ${email}` }));
    await user.click(within(await screen.findByRole("dialog", { name: /^Remove / })).getByRole("button", { name: "Remove user" }));
    expect(await screen.findByText((text) => text.startsWith("Removed ") && text.includes(email))).toBeTruthy();
    expect(within(usersTable()).queryAllByText(email)).toEqual([]);
    expect((await storedUsers()).some((stored) => stored.email === email)).toBe(false);
  });

  it("resets a password through its dialog", async () => {
    const { user, email, table } = await renderWithSubject("viewer");
    await user.click(within(table).getByRole("button", { name: `Reset password of ${email}` }));
    const dialog = await screen.findByRole("dialog", { name: (name) => name.startsWith("Reset the password of ") });
    await user.type(within(dialog).getByLabelText("New password"), "another-long-password");
    await user.click(within(dialog).getByRole("button", { name: "Set password" }));
    expect(await screen.findByText(`New password set for ${email.split("@")[0]} (${email}).`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const patches = (await bff.requests()).filter((request) => request.method === "PATCH" && request.path.startsWith("/api/users/"));
    expect(patches.at(-1)?.status).toBe(200);
  });

  it("shows the admins-only notice when the API refuses a non-admin", async () => {
    await bff.signInAs("viewer");
    try {
      bff.openPage("/users");
      renderIsland(<UsersAdmin />, { id: bff.userIds.viewer, role: "viewer" });
      expect(await screen.findByText("Only admins manage users")).toBeTruthy();
      expect(screen.queryByRole("table")).toBeNull();
    } finally {
      await bff.signInAs("admin");
    }
  });
});
