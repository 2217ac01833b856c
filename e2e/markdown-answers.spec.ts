import { defaultRequest, userTurn } from "../lib/playground/setup";
import { expect, test } from "./fixtures";
import { lookAt } from "./support/look";
import type { PlaygroundPage } from "./pages/playground";

/*
 * Markdown answers: rendered as GitHub-flavoured Markdown while they stream, each citation
 * highlighting exactly the characters rendered from its source range, never executing what the
 * answer says.
 */

test.use({ role: "editor" });

/** The highlighted text of each span key (markers excluded), in document order. */
function highlightedBySpan(playground: PlaygroundPage): Promise<Record<string, string>> {
  return playground.answer().evaluate((root) => {
    const out: Record<string, string> = {};
    for (const mark of root.querySelectorAll<HTMLElement>("mark[data-span-keys]")) {
      for (const key of (mark.dataset.spanKeys ?? "").split(" ")) out[key] = (out[key] ?? "") + mark.textContent;
    }
    return out;
  });
}

/** The answer text and its annotations as the gateway returned them, from the JSON export. */
async function exported(playground: PlaygroundPage): Promise<{ text: string; annotations: { start_index: number; end_index: number }[] }> {
  const body = JSON.parse(await playground.download("Export JSON")) as {
    response: { output_text: { text: string; annotations: { start_index: number; end_index: number }[] }[] };
  };
  return body.response.output_text[0];
}

test("a streamed Markdown answer highlights, for every span, its source range without the Markdown syntax", async ({ page, playground }) => {
  await playground.open({ ...defaultRequest("gatehouse/scholar"), input: [userTurn("How does SQLite write-ahead logging work?")] });
  await playground.runButton.click();
  // Rendered while it streams: the heading, a list and bold terms are there before the end.
  await expect(playground.answer().locator("h3").first()).toBeVisible({ timeout: 20_000 });
  await expect(playground.answer().locator("li strong").first()).toBeVisible();
  await expect(playground.status()).toHaveAttribute("data-status", "in_progress");
  await playground.expectCompleted("a", 60_000);

  const { text, annotations } = await exported(playground);
  expect(annotations.length).toBeGreaterThan(2);
  const points = Array.from(text);
  const highlighted = await highlightedBySpan(playground);
  annotations.forEach((annotation, key) => {
    const source = points.slice(annotation.start_index, annotation.end_index).join("");
    // What scholar writes inside a quote: bold terms and backslash escapes.
    const withoutSyntax = source.replace(/\*\*/g, "").replace(/\\([!-/:-@[-`{-~])/g, "$1");
    expect(highlighted[String(key)], `span ${key}: ${source}`).toBe(withoutSyntax);
  });
  // The quoted statement is a highlighted code block, its citation inside it.
  const code = playground.answer().locator("pre code");
  await expect(code).toContainText("PRAGMA journal_mode = WAL;");
  await expect(code.locator("mark[data-span-keys]").first()).toBeVisible();
  await expect(code.locator(".hljs-comment").first()).toBeVisible();
  await expect(playground.answer().locator("strong mark[data-span-keys]").first()).toBeVisible();
  const region = page.getByRole("region", { name: "Answer" });
  await region.evaluate((el) => el.scrollTo({ top: 0 }));
  await page.mouse.move(0, 0);
  await lookAt(region, "markdown-answer");

  // The source view shows what the API returned, with the same spans on the raw characters.
  await page.getByRole("button", { name: "Markdown source" }).click();
  await expect(playground.answer()).toHaveAttribute("data-view", "source");
  const raw = await highlightedBySpan(playground);
  annotations.forEach((annotation, key) => expect(raw[String(key)]).toBe(points.slice(annotation.start_index, annotation.end_index).join("")));
  await page.getByRole("button", { name: "Rendered" }).click();
  await expect(playground.answer()).toHaveAttribute("data-view", "markdown");
});

test("spans across emphasis, links, list items, code, tables and astral text highlight exactly their rendered characters", async ({ page, playground }) => {
  const text = [
    "## Résumé 😀",
    "",
    "Intro **bold claim** and [a link](https://example.org/x) with `code span` end.",
    "",
    "- first item 漢字",
    "- second *item* e\u0301",
    "- [x] done task",
    "",
    "| Key | Value |",
    "| --- | --- |",
    "| 👩‍👩‍👧 a | b \\| c |",
    "",
    "```js",
    "const answer = 42;",
    "```",
  ].join("\n");
  const span = (from: string, to: string) => {
    const start = text.indexOf(from);
    const end = text.indexOf(to, start) + to.length;
    return { start_index: Array.from(text.slice(0, start)).length, end_index: Array.from(text.slice(0, end)).length };
  };
  const cases = [
    { ...span("sumé", "bold"), expected: "sumé 😀Intro bold" },
    { ...span("claim", "code"), expected: "claim and a link with code" },
    { ...span("漢", "e\u0301"), expected: "漢字second item e\u0301" },
    { ...span("done", "a |"), expected: "done taskKeyValue👩‍👩‍👧 a" },
    { ...span("\\| c", "answer"), expected: "| cconst answer" },
  ];
  const at = { item_id: "i", output_index: 0, content_index: 0 };
  const points = Array.from(text);
  const events: Record<string, unknown>[] = [
    { type: "response.created", response: { id: "r", object: "response", created_at: 1, model: "m", status: "in_progress", output: [] } },
    { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "i", role: "assistant", status: "in_progress", content: [] } },
  ];
  for (let i = 0; i < points.length; i += 7) events.push({ type: "response.output_text.delta", ...at, delta: points.slice(i, i + 7).join("") });
  cases.forEach(({ start_index, end_index }, index) =>
    events.push({ type: "response.output_text.annotation.added", ...at, annotation_index: index, annotation: { type: "url_citation", url: `https://s${index}.example/`, title: `S${index}`, start_index, end_index } }),
  );
  events.push({ type: "error", code: "test", message: "end of the recorded stream" });
  await page.route("**/api/responses", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream" },
      body: events.map((event, sequence_number) => `data: ${JSON.stringify({ ...event, sequence_number })}\n\n`).join("") + "data: [DONE]\n\n",
    }),
  );
  await playground.open(defaultRequest("gatehouse/swift"));
  await playground.runButton.click();
  await expect(playground.marks().first()).toBeVisible({ timeout: 20_000 });
  await expect(playground.answer().locator("table")).toBeVisible();
  await expect(playground.answer().locator('input[type="checkbox"]')).toBeChecked();
  await expect.poll(() => highlightedBySpan(playground)).toEqual(Object.fromEntries(cases.map((c, key) => [String(key), c.expected])));
  // One marker per span, after its last highlighted character; hover cards still open.
  await expect(playground.answer().locator("sup[data-marker]")).toHaveCount(cases.length);
  await playground.answer().locator('mark[data-span-keys="1"]').first().hover();
  await expect(playground.citationCard).toContainText("S1");
  await expect(playground.answer().getByRole("link", { name: "a link" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(playground.answer().getByRole("link", { name: "a link" })).toHaveAttribute("target", "_blank");
});

test("raw HTML and javascript: links in an answer are shown as text, never run", async ({ page, playground }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // The <img src=x> would load /x (img-src 'self') the moment it existed, even briefly while streaming; its onerror runs only after.
  const imageLoads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/x") imageLoads.push(request.url());
  });
  // gatehouse/echo without web search repeats the question: the answer is whatever Markdown we send.
  const prompt = [
    'Hello <img src=x onerror="window.__xss=1;alert(1)"> and [x](javascript:alert(1)) and [y](javascript:window.__xss=2).',
    "",
    '<script>window.__xss=3</script><iframe src="javascript:alert(4)"></iframe>',
    "",
    "[safe](https://example.org/) and ![pixel](https://tracker.example/p.png) **bold**",
  ].join("\n");
  const request = { ...defaultRequest("gatehouse/echo"), input: [userTurn(prompt)], tools: [] };
  await playground.open(request);
  await playground.runButton.click();
  await playground.expectCompleted();
  await expect(playground.answer().locator("strong")).toHaveText("bold");
  await expect(playground.answer()).toContainText('<img src=x onerror="window.__xss=1;alert(1)">');
  await expect(playground.answer()).toContainText("<script>window.__xss=3</script>");
  await expect(playground.answer().locator("img, script, iframe")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(playground.answer().getByRole("link")).toHaveCount(1);
  await expect(playground.answer().getByRole("link", { name: "safe" })).toHaveAttribute("href", "https://example.org/");
  expect(imageLoads, "the answer's <img> was never made").toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
