import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { defaultRequest, userTurn } from "../lib/playground/setup";
import { appPages, isDynamicPage } from "../lib/testing/app-pages";
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from "./fixtures";
import { createQuestionSet } from "./support/question-sets";

/*
 * The smoke test CI runs on every other supported Node (`npm test -- --smoke`): the shortest path through
 * everything that touches the runtime (native SQLite, the session, server rendering of every page, the
 * streamed relay). It is part of the full suite too, so it cannot rot.
 */

/**
 * Pages under a dynamic segment open with a record the test makes or the demo holds; the others are each
 * driven by their own spec (a run takes answers, a generation takes clips), named here so a new dynamic
 * page must be decided on.
 */
const DYNAMIC_PAGES: Record<string, ((api: APIRequestContext) => Promise<string>) | string> = {
  "/presets/[slug]": async () => "/presets/web-research",
  "/evaluations/sets/[id]": async (api) => `/evaluations/sets/${await createQuestionSet(api, { name: `smoke ${Date.now()}`, rows: [{ question: "What is SQLite?" }] })}`,
  "/evaluations/runs/[id]": "e2e/evaluation-runs.spec.ts",
  "/evaluations/runs/[id]/results": "e2e/evaluation-results.spec.ts",
  "/video-models/generate/[id]": "e2e/video-generation.spec.ts",
};

test("@smoke sign in, open every page, one streamed answer", async ({ page, signInPage, playground, apiAs }) => {
  // Every page of the dashboard, one after another, and a streamed answer: more than the default minute on a loaded 2-core machine.
  test.slow();
  await signInPage.goto();
  await signInPage.signIn(DEMO_USERS.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/presets/);

  const patterns = appPages(path.join(__dirname, "..", "app")).filter((pattern) => pattern !== "/sign-in");
  expect(patterns.length).toBeGreaterThan(10);
  for (const pattern of Object.keys(DYNAMIC_PAGES)) expect(patterns, "a page named in DYNAMIC_PAGES").toContain(pattern);
  const api = await apiAs("admin");
  const paths: string[] = [];
  for (const pattern of patterns) {
    if (!isDynamicPage(pattern)) paths.push(pattern);
    else {
      const open = DYNAMIC_PAGES[pattern];
      expect(open, `${pattern}: open it with a record here, or name the spec that drives it`).toBeDefined();
      if (typeof open === "function") paths.push(await open(api));
    }
  }
  for (const url of paths) {
    const response = await page.goto(url);
    expect(response?.status(), `GET ${url}`).toBe(200);
    // Its own heading, which its tab title begins with ("Question sets" in "Question sets · Evaluations"), and no error.
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1, `the heading of ${url}`).toBeVisible();
    const heading = (await h1.innerText()).trim();
    expect(heading, url).not.toBe("");
    expect((await page.title()).startsWith(heading), `the title of ${url} begins with "${heading}": ${await page.title()}`).toBe(true);
    await expect(page.getByTestId("page-error"), `the error of ${url}`).toHaveCount(0);
  }

  await playground.open({ ...defaultRequest("gatehouse/swift"), input: [userTurn("How does SQLite write-ahead logging work?")] });
  await playground.runAndComplete();
  await expect(playground.answer()).not.toBeEmpty();
  await expect(playground.marks().first()).toBeVisible();
});
