import { defaultRequest, userTurn } from "../lib/playground/setup";
import { DEMO_PASSWORD, DEMO_USERS, expect, test } from "./fixtures";

/*
 * The smoke test CI runs on every other supported Node (`npm test -- --smoke`): the shortest path through
 * everything that touches the runtime (native SQLite, the session, server rendering of every page, the
 * streamed relay). It is part of the full suite too, so it cannot rot.
 */

const PAGES = [
  { path: "/presets", heading: "Presets" },
  { path: "/presets/web-research", heading: "web-research" },
  { path: "/files", heading: "Files" },
  { path: "/video-models", heading: "Video models" },
  { path: "/video-models/generate", heading: "Generate videos" },
  { path: "/video-models/generations", heading: "Video generations" },
  { path: "/playground", heading: "Playground" },
  { path: "/users", heading: "Users" },
] as const;

test("@smoke sign in, open every page, one streamed answer", async ({ page, signInPage, playground }) => {
  // Every page of the dashboard, one after another, and a streamed answer: more than the default minute on a loaded 2-core machine.
  test.slow();
  await signInPage.goto();
  await signInPage.signIn(DEMO_USERS.admin, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/presets/);

  for (const { path, heading } of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), `GET ${path}`).toBe(200);
    const h1 = page.getByRole("heading", { level: 1, name: heading, exact: true });
    await expect(h1, `the heading of ${path}`).toBeVisible();
  }

  await playground.open({ ...defaultRequest("gatehouse/swift"), input: [userTurn("How does SQLite write-ahead logging work?")] });
  await playground.runAndComplete();
  await expect(playground.answer()).not.toBeEmpty();
  await expect(playground.marks().first()).toBeVisible();
});
