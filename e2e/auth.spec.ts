import { request as playwrightRequest } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_USERS, expect, signInState, test } from "./fixtures";
import { SignInPage } from "./pages/sign-in";

test.describe("sign-in", () => {
  test("a dashboard page sends you to sign in and back to where you were", async ({ page, signInPage }) => {
    await page.goto("/files?filter=report");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ffiles%3Ffilter%3Dreport$/);
    await expect(signInPage.heading).toBeVisible();
    await signInPage.signIn(DEMO_USERS.editor, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/files\?filter=report$/);
    await expect(page.getByRole("button", { name: /Account: .* \(editor\)/ })).toBeVisible();
  });

  test("says what is wrong: empty fields, then a wrong password", async ({ page, signInPage }) => {
    await signInPage.goto();
    await signInPage.submit.click();
    const email = signInPage.email;
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter your email address")).toBeVisible();
    const describedBy = await email.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Enter your email address");

    await signInPage.signIn(DEMO_USERS.viewer, "not-the-password");
    await expect(signInPage.alert("Email or password is incorrect.")).toBeVisible();
    await expect(signInPage.password).toBeFocused();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("after too many wrong passwords it says how long to wait", async ({ signInPage, baseURL }) => {
    // A made-up email: the demo users other tests sign in as must not be throttled.
    const email = `throttled-${test.info().workerIndex}-${Date.now()}@example.com`;
    const context = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      const { csrfToken } = (await (await context.get("/api/auth/csrf")).json()) as { csrfToken: string };
      // The default limit: 10 wrong passwords per email from one address (this machine) per 15 minutes.
      for (let i = 0; i < 10; i++) {
        await context.post("/api/auth/callback/credentials", { form: { csrfToken, email, password: `wrong-${i}`, callbackUrl: "/presets" }, maxRedirects: 0 });
      }
    } finally {
      await context.dispose();
    }
    await signInPage.goto();
    await signInPage.signIn(email, "still-wrong");
    await expect(signInPage.alert(/^Too many failed sign-in attempts\. Wait 1[45] minutes, then try again\.$/)).toBeVisible();
  });

  test("never follows a callbackUrl off the site", async ({ page, signInPage }) => {
    await signInPage.goto("?callbackUrl=https%3A%2F%2Fevil.example%2F");
    await signInPage.signIn(DEMO_USERS.viewer, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/presets$/);
  });

  test("a password submitted before the page's script runs never goes into the address", async ({ browser, baseURL }) => {
    // Before hydration (a slow link, a script that did not load) the browser submits the form itself: by POST,
    // so the password stays out of the URL, the history and any proxy's log (the page simply shows again).
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const signInPage = new SignInPage(page);
      await signInPage.goto();
      await signInPage.email.fill(DEMO_USERS.viewer);
      await signInPage.password.fill("typed-before-hydration");
      const [request] = await Promise.all([page.waitForRequest((r) => r.isNavigationRequest()), signInPage.submit.click()]);
      expect(request.method()).toBe("POST");
      expect(request.url()).not.toContain("typed-before-hydration");
      await expect(signInPage.heading).toBeVisible();
      expect(page.url()).not.toContain("typed-before-hydration");
    } finally {
      await context.close();
    }
  });

  test("works with the keyboard alone, shows the demo accounts, and has no serious axe violations", async ({ page, signInPage, axe }) => {
    await signInPage.goto();
    await expect(signInPage.demoAccounts).toContainText(DEMO_PASSWORD);
    await axe.expectNoSeriousViolations(page);
    await page.keyboard.type(DEMO_USERS.admin);
    await page.keyboard.press("Tab");
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/presets$/);
  });

  test("fits 360 px in light and dark", async ({ page, signInPage, axe }) => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 360, height: 740 });
      await signInPage.goto();
      expect(await signInPage.horizontalOverflow()).toBeLessThanOrEqual(0);
      await axe.expectNoSeriousViolations(page, colorScheme, { tags: ["wcag2a", "wcag2aa"] });
    }
  });
});

test.describe("signed in", () => {
  test.use({ role: "viewer" });

  test("the user menu shows who and which role, and signs out for good (a copied cookie stops too)", async ({ browser, baseURL }) => {
    // A session of its own: signing out revokes it, and the worker's shared viewer session must live on.
    const state = await signInState(baseURL!, DEMO_USERS.viewer);
    const context = await browser.newContext({ baseURL, storageState: state });
    const copied = await playwrightRequest.newContext({ baseURL, storageState: state });
    try {
      const page = await context.newPage();
      await page.goto("/presets");
      expect((await copied.get("/api/me")).status()).toBe(200);
      await page.getByRole("button", { name: /Account: Demo Viewer \(viewer\)/ }).click();
      await expect(page.getByText(DEMO_USERS.viewer)).toBeVisible();
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await page.goto("/presets");
      await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fpresets$/);
      // Someone who copied the cookie before the sign-out holds nothing now.
      expect((await copied.get("/api/me")).status()).toBe(401);
    } finally {
      await copied.dispose();
      await context.close();
    }
  });

  test("a page whose session ends meanwhile sends the user to sign in at its next read, and back afterwards", async ({ browser, baseURL, apiAs }) => {
    const admin = await apiAs("admin");
    const email = `e2e-ended-${Date.now().toString(36)}@example.com`;
    const password = "ended-session-42";
    const created = await admin.post("/api/users", { data: { email, role: "viewer", password } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;
    const context = await browser.newContext({ baseURL, storageState: await signInState(baseURL!, email, password) });
    try {
      const page = await context.newPage();
      await page.goto("/files");
      await expect(page.getByTestId("file-row").first()).toBeVisible();
      // The account is removed while the page is open: its session ends at once.
      expect((await admin.delete(`/api/users/${id}`)).status()).toBe(204);
      // Scrolling asks the BFF for the next page of files; the 401 sends the user to sign in.
      await page.getByTestId("file-scroller").evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
      await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ffiles$/);
    } finally {
      await context.close();
      await admin.delete(`/api/users/${id}`);
    }
  });

  test("the sign-in page sends a signed-in user on", async ({ page }) => {
    await page.goto("/sign-in?callbackUrl=%2Fvideo-models");
    await expect(page).toHaveURL(/\/video-models$/);
  });

  test("pages carry a nonce CSP, frame-ancestors 'none', nosniff and a referrer policy; every script has the nonce", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/presets");
    const headers = response!.headers();
    const csp = headers["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const html = await response!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Hydrated (the menu opens), so no script was blocked.
    await page.getByRole("button", { name: /Account:/ }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    expect(violations).toEqual([]);
    const again = await page.request.get("/presets");
    expect(/'nonce-([^']+)'/.exec(again.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
  });
});
