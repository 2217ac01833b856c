import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, signInState, test } from "./fixtures";
import { UsersPage } from "./pages/users";

/**
 * The users admin page against the real BFF and its SQLite users table: what an admin does there
 * takes effect for the person concerned (signing in, their role on the next request, their session
 * ending), and everyone else is turned away by the page and the API alike.
 */

const unique = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const newEmail = (what: string) => `e2e-${what}-${unique()}@users.test`;

interface CreatedUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

async function createViaApi(admin: APIRequestContext, data: { email: string; name?: string; role: string; password: string }): Promise<CreatedUser> {
  const response = await admin.post("/api/users", { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: CreatedUser }).data;
}

/** Removes test users left behind by a failing test; a 404 means the test already removed it. */
async function cleanUp(admin: APIRequestContext, ids: string[]) {
  for (const id of ids) await admin.delete(`/api/users/${id}`);
}

/**
 * Signs in through Auth.js from a context that starts with no cookies at all, and says whether a session
 * came of it. (A request context made inside a test inherits that test's storageState, so without the empty
 * state a refused sign-in would still carry the role's session cookie.)
 */
async function signInWorks(baseURL: string, email: string, password: string): Promise<boolean> {
  const context = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const { csrfToken } = (await (await context.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await context.post("/api/auth/callback/credentials", { form: { csrfToken, email, password, callbackUrl: "/presets" }, maxRedirects: 0 });
    const me = await context.get("/api/me");
    return me.ok() && ((await me.json()) as { user: { email: string } }).user.email === email;
  } finally {
    await context.dispose();
  }
}

test.describe("users admin, as an admin", () => {
  test.use({ role: "admin" });

  test("adds a user who signs in with the role given, changes the role, then removes them", async ({ page, baseURL, browser, apiAs, usersPage }) => {
    // Several page loads, sessions and axe scans: more than the default minute on a loaded 2-core machine.
    test.slow();
    const email = newEmail("lifecycle");
    const password = "correct-horse-42";
    const admin = await apiAs("admin");
    try {
      await page.goto("/presets");
      await usersPage.navLink("Users", { exact: true }).click();
      await expect(page).toHaveURL(/\/users$/);
      await expect(usersPage.heading).toBeVisible();
      await expect(usersPage.row("admin@demo.local")).toContainText("You");

      await usersPage.addButton.click();
      const dialog = usersPage.addDialog;
      await expect(dialog.getByLabel("Email")).toBeFocused();
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByLabel("Name").fill("Erin Example");
      await dialog.getByRole("radio", { name: /^Editor/ }).check();
      await dialog.getByLabel("Password", { exact: true }).fill(password);
      await expect(dialog.getByText("long enough")).toBeVisible();
      await dialog.getByRole("button", { name: "Add user" }).click();

      await expect(dialog).toBeHidden();
      await expect(usersPage.notice(`Added Erin Example (${email}) as editor.`)).toBeVisible();
      const row = usersPage.row(email);
      await expect(row).toContainText("Erin Example");
      await expect(row).toContainText("Password");
      const roleSelect = usersPage.roleOf(email);
      await expect(roleSelect).toHaveValue("editor");

      // The new user signs in with that password and is an editor.
      const state = await signInState(baseURL!, email, password);
      const theirs = await browser.newContext({ baseURL, storageState: state });
      try {
        expect(await (await theirs.request.get("/api/me")).json()).toMatchObject({ user: { email, name: "Erin Example", role: "editor" } });
        const theirPage = await theirs.newPage();
        await theirPage.goto("/presets");
        await expect(theirPage.getByRole("button", { name: "Account: Erin Example (editor)" })).toBeVisible();
        await expect(new UsersPage(theirPage).navLink("Users")).toHaveCount(0);

        // The role changes inline and stays changed. A lower role ends the sessions granted with the higher
        // one at their very next request; signing in again gives the new role.
        await roleSelect.selectOption("viewer");
        await expect(usersPage.notice(`Erin Example (${email}) is now viewer.`)).toBeVisible();
        await page.reload();
        await expect(usersPage.roleOf(email)).toHaveValue("viewer");
        expect((await theirs.request.get("/api/me")).status()).toBe(401);
        await theirs.addCookies((await signInState(baseURL!, email, password)).cookies);
        expect(await (await theirs.request.get("/api/me")).json()).toMatchObject({ user: { role: "viewer" } });

        // Removing asks first, naming the user; cancelling keeps them.
        await usersPage.removeButton(email).click();
        const confirm = page.getByRole("dialog", { name: "Remove Erin Example?" });
        await expect(confirm).toContainText(email);
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect(confirm).toBeHidden();
        await expect(usersPage.row(email)).toHaveCount(1);

        await usersPage.removeButton(email).click();
        await confirm.getByRole("button", { name: "Remove user" }).click();
        await expect(confirm).toBeHidden();
        await expect(usersPage.notice(`Removed Erin Example (${email}).`)).toBeVisible();
        await expect(usersPage.row(email)).toHaveCount(0);
        // Focus continues from the page's main action, not from the top of the document.
        await expect(usersPage.addButton).toBeFocused();

        // Their open session ends at once, and the password no longer signs in.
        expect((await theirs.request.get("/api/me")).status()).toBe(401);
        expect(await signInWorks(baseURL!, email, password)).toBe(false);
      } finally {
        await theirs.close();
      }
    } finally {
      const left = ((await (await admin.get("/api/users")).json()) as { data: CreatedUser[] }).data.filter((u) => u.email === email);
      await cleanUp(
        admin,
        left.map((u) => u.id),
      );
    }
  });

  test("shows invalid input and refusals on the field concerned, keeping what was typed", async ({ page, usersPage, axe }) => {
    await usersPage.goto();
    await expect(usersPage.row("viewer@demo.local")).toBeVisible();

    // Keyboard: the main action opens the form with the email field focused; Escape returns to the button.
    const addButton = usersPage.addButton;
    await addButton.focus();
    await page.keyboard.press("Enter");
    const dialog = usersPage.addDialog;
    const emailField = dialog.getByLabel("Email");
    await expect(emailField).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(addButton).toBeFocused();

    await addButton.click();
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Email must be an email address")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toBeFocused();

    await emailField.fill("not-an-email");
    const passwordField = dialog.getByLabel("Password", { exact: true });
    await passwordField.fill("abc");
    await expect(dialog.getByText("5 more needed")).toBeVisible();
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("Email must be an email address")).toBeVisible();
    await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();

    // A scan takes seconds on a loaded machine: give the poll room for a few of them.
    await expect.poll(() => axe.seriousViolations(page, { include: '[role="dialog"]' }), { timeout: 45_000 }).toEqual([]);

    // The server's refusal (409: that email exists) lands on the email field; nothing typed is lost.
    await emailField.fill("Viewer@Demo.local");
    await dialog.getByLabel("Name").fill("Someone Else");
    await passwordField.fill("long-enough-password");
    await dialog.getByRole("button", { name: "Add user" }).click();
    await expect(dialog.getByText("A user with email viewer@demo.local already exists")).toBeVisible();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toBeFocused();
    await expect(emailField).toHaveValue("Viewer@Demo.local");
    await expect(dialog.getByLabel("Name")).toHaveValue("Someone Else");
    await expect(passwordField).toHaveValue("long-enough-password");

    // Closing without adding keeps the draft too.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await addButton.click();
    await expect(dialog.getByLabel("Name")).toHaveValue("Someone Else");
  });

  test("the API names each bad field, which is what the form relies on", async ({ apiAs }) => {
    const admin = await apiAs("admin");
    const response = await admin.post("/api/users", { data: { email: "nope", role: "root", password: "short" } });
    expect(response.status()).toBe(400);
    const body = (await response.json()) as { error: { code: number; metadata: { issues: { path: string; message: string }[] } } };
    expect(body.error.code).toBe(400);
    expect(body.error.metadata.issues.map((issue) => issue.path).sort()).toEqual(["email", "password", "role"]);
  });

  test("resets a password: the new one signs in, the old one no longer does", async ({ page, baseURL, apiAs, usersPage }) => {
    const admin = await apiAs("admin");
    const email = newEmail("reset");
    const user = await createViaApi(admin, { email, name: "Rita Reset", role: "viewer", password: "old-password-1" });
    try {
      await usersPage.goto();
      await usersPage.row(email).getByRole("button", { name: `Reset password of ${email}` }).click();
      const dialog = page.getByRole("dialog", { name: "Reset the password of Rita Reset" });
      await expect(dialog).toContainText(email);
      const field = dialog.getByLabel("New password");
      await expect(field).toBeFocused();
      await field.fill("short");
      await dialog.getByRole("button", { name: "Set password" }).click();
      await expect(dialog.getByText("Password must be at least 8 characters")).toBeVisible();

      await dialog.getByRole("button", { name: "Generate a password" }).click();
      await expect(field).toHaveAttribute("type", "text");
      const generated = await field.inputValue();
      expect(generated).toMatch(/^[A-Za-z0-9]{16}$/);
      await dialog.getByRole("button", { name: "Set password" }).click();
      await expect(dialog).toBeHidden();
      await expect(usersPage.notice(`New password set for Rita Reset (${email}).`)).toBeVisible();

      expect(await signInWorks(baseURL!, email, generated)).toBe(true);
      expect(await signInWorks(baseURL!, email, "old-password-1")).toBe(false);
    } finally {
      await cleanUp(admin, [user.id]);
    }
  });

  test("a change to a user removed meanwhile says so and drops the stale row", async ({ apiAs, usersPage }) => {
    const admin = await apiAs("admin");
    const email = newEmail("gone");
    const user = await createViaApi(admin, { email, role: "viewer", password: "gone-password-1" });
    await usersPage.goto();
    const roleSelect = usersPage.roleOf(email);
    await expect(roleSelect).toHaveValue("viewer");

    expect((await admin.delete(`/api/users/${user.id}`)).status()).toBe(204);
    await roleSelect.selectOption("editor");
    await expect(usersPage.problem(`The role of ${email} stays viewer: No such user`)).toBeVisible();
    await expect(usersPage.row(email)).toHaveCount(0);
  });

  test("an admin demoted while the page is open is signed out: the next change is refused and nothing is changed", async ({ browser, baseURL, apiAs }) => {
    const admin = await apiAs("admin");
    const email = newEmail("demoted");
    const password = "demoted-password-1";
    const other = await createViaApi(admin, { email, name: "Dana Demoted", role: "admin", password });
    const context = await browser.newContext({ baseURL, storageState: await signInState(baseURL!, email, password) });
    try {
      const demoted = new UsersPage(await context.newPage());
      await demoted.goto();
      const editorRole = demoted.roleOf("editor@demo.local");
      await expect(editorRole).toHaveValue("editor");

      expect((await admin.patch(`/api/users/${other.id}`, { data: { role: "editor" } })).status()).toBe(200);
      await editorRole.selectOption("viewer");
      // A lower role ends the sessions granted with the higher one (SECURITY.md, session revocation).
      await expect(demoted.problem(/Your session has expired/)).toBeVisible();
      // Refused, so the demo editor is still an editor; the page itself now asks to sign in.
      const users = ((await (await admin.get("/api/users")).json()) as { data: CreatedUser[] }).data;
      expect(users.find((u) => u.email === "editor@demo.local")?.role).toBe("editor");
      await demoted.page.reload();
      await expect(demoted.page).toHaveURL(/\/sign-in\?callbackUrl=%2Fusers/);
    } finally {
      await context.close();
      await cleanUp(admin, [other.id]);
    }
  });

  test("fits 360 px, reads in light and dark, and has no serious accessibility violation", async ({ page, usersPage, axe }) => {
    // Several page loads, sessions and axe scans: more than the default minute on a loaded 2-core machine.
    test.slow();
    for (const colorScheme of ["light", "dark"] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 360, height: 740 },
      ]) {
        // A fresh load per combination: switching the scheme on a shown page would let axe measure colours mid-transition.
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize(viewport);
        await usersPage.goto();
        const editorRole = page.getByRole("combobox", { name: "Role of editor@demo.local" });
        await expect(editorRole).toBeVisible();
        await expect(page.getByRole("button", { name: "Remove editor@demo.local" })).toBeVisible();
        if (viewport.width === 360) {
          await expect(page.getByRole("list", { name: "Users" }).getByRole("listitem").filter({ has: editorRole })).toBeVisible();
          await expect(usersPage.navLink("Users")).toBeInViewport({ ratio: 1 });
          expect(await usersPage.horizontalOverflow()).toBeLessThanOrEqual(0);
        } else {
          await expect(page.getByRole("table", { name: "Users" })).toBeVisible();
        }
        await axe.expectNoSeriousViolations(page, `${colorScheme} at ${viewport.width} px`);
      }
    }
  });
});

test.describe("users admin, as someone else", () => {
  for (const role of ["viewer", "editor"] as const) {
    test(`a ${role} has no Users entry and is told only admins manage users`, async ({ page, loginAs, apiAs, usersPage, axe }) => {
      await loginAs(role);
      await page.goto("/presets");
      await expect(usersPage.navLink("Presets")).toBeVisible();
      await expect(usersPage.navLink("Users")).toHaveCount(0);

      await usersPage.goto();
      await expect(page.getByRole("heading", { name: "Only admins manage users" })).toBeVisible();
      await expect(page.getByText(`You are signed in as ${role}.`)).toBeVisible();
      await expect(usersPage.addButton).toHaveCount(0);
      await expect(page.getByText("admin@demo.local")).toHaveCount(0);
      await axe.expectNoSeriousViolations(page);

      const api = await apiAs(role);
      expect((await api.get("/api/users")).status()).toBe(403);
    });
  }
});
