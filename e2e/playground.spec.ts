import type { Page } from "@playwright/test";
import { defaultRequest, userTurn } from "../lib/playground/setup";
import { GATEWAY, expect, gatewayHeaders, test } from "./fixtures";
import type { PlaygroundPage } from "./pages/playground";
import { WCAG21_AA } from "./support/axe";

/*
 * The playground against the embedded gateway: gatehouse/swift answers fast with up to 3 cited
 * sentences, gatehouse/scholar slowly with up to 6, both from a web search of the demo corpus.
 */

const QUESTION = "How does SQLite write-ahead logging work?";

/** One column per model, each asking QUESTION. */
const asking = (models: string[]) => models.map((model) => ({ ...defaultRequest(model), input: [userTurn(QUESTION)] }));

async function streams(page: Page): Promise<{ aborted_by_client: number; open: number }> {
  const response = await page.request.get(`${GATEWAY.baseUrl}/__debug/streams`, { headers: gatewayHeaders("management") });
  return (await response.json()) as { aborted_by_client: number; open: number };
}

async function runAndComplete(playground: PlaygroundPage, model = "gatehouse/swift") {
  await playground.open(...asking([model]));
  await playground.runAndComplete();
}

test.describe("playground (editor)", () => {
  test.use({ role: "editor" });

  test("a streamed web-search answer shows highlighted, numbered spans while it streams", async ({ page, playground }) => {
    await playground.open(...asking(["gatehouse/scholar"]));
    await playground.runButton.click();
    await expect(playground.marks().first()).toBeVisible({ timeout: 20_000 });
    // Still streaming when the first citation shows.
    await expect(playground.status()).toHaveAttribute("data-status", "in_progress");
    await expect(playground.answer().locator("sup[data-marker]").first()).toHaveText(/\[\d+\]/);
    await playground.expectCompleted();
    expect(await playground.marks().count()).toBeGreaterThan(1);
    // Every cited source is listed, with its span count.
    await expect(playground.citedSources.locator("li").first()).toContainText(/\d+ spans?/);
    await expect(page.getByTestId("run-metrics").locator('[data-metric="ttft"] dd')).toHaveText(/\d/);
  });

  test("hover and focus on a span show its card with title, host and excerpt", async ({ page, playground }) => {
    await runAndComplete(playground);
    const first = playground.marks().first();
    await first.hover();
    const card = playground.citationCard;
    await expect(card).toBeVisible();
    const link = card.getByRole("link").first();
    await expect(link).toHaveAttribute("href", /^https?:\/\//);
    const host = new URL((await link.getAttribute("href"))!).hostname.replace(/^www\./, "");
    await expect(card).toContainText(host);
    await expect(card.locator("p")).not.toBeEmpty();

    // Keyboard: moving focus to a span opens its card; Escape closes it.
    await page.mouse.move(0, 0);
    await expect(card).toBeHidden();
    await first.focus();
    await expect(card).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card).toBeHidden();
  });

  test("two-way highlighting between spans and sources", async ({ page, playground }) => {
    await runAndComplete(playground);
    const sources = playground.citedSources.locator("li");
    await expect(sources.first()).toBeVisible();

    // Span -> source.
    const span = playground.marks().first();
    const number = (await span.getAttribute("data-sources"))!.split(" ")[0];
    await span.hover();
    await expect(page.locator(`#run-a-source-${number}`)).toHaveAttribute("data-highlighted", "true");

    // Source -> all of its spans, and only those.
    await page.mouse.move(0, 0);
    const last = sources.last();
    const lastNumber = (await last.getAttribute("data-source"))!;
    await last.hover();
    const lit = playground.answer().locator(`mark[data-sources~="${lastNumber}"]`);
    const unlit = playground.answer().locator(`mark:not([data-sources~="${lastNumber}"])`);
    expect(await lit.count()).toBeGreaterThan(0);
    for (const mark of await lit.all()) await expect(mark).toHaveCSS("background-color", "rgb(252, 211, 77)");
    if ((await unlit.count()) > 0) await expect(unlit.first()).not.toHaveCSS("background-color", "rgb(252, 211, 77)");

    // Enter on a span reveals its source.
    await span.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(`#run-a-source-${number}`)).toBeFocused();
  });

  test("Stop mid-stream keeps the partial output, says stopped, and closes the gateway's stream", async ({ page, playground }) => {
    const before = await streams(page);
    await playground.open(...asking(["gatehouse/scholar"]));
    await playground.runButton.click();
    await expect(playground.marks().first()).toBeVisible({ timeout: 20_000 });
    await playground.stopButton.click();
    await expect(playground.status()).toHaveAttribute("data-status", "stopped");
    const partial = await playground.answer().innerText();
    expect(partial.length).toBeGreaterThan(10);
    // Once the gateway has seen its stream closed, nothing more can arrive: the partial answer must still be all there is.
    await expect.poll(async () => (await streams(page)).aborted_by_client, { timeout: 5_000 }).toBeGreaterThan(before.aborted_by_client);
    expect(await playground.answer().innerText()).toBe(partial);
    await expect(playground.marks().first()).toBeVisible();
  });

  test("auto-scroll follows the stream only while the reader is at the bottom", async ({ page, playground }) => {
    // Narrow, so the slow model's answer overflows the answer box while it streams.
    await page.setViewportSize({ width: 360, height: 800 });
    await playground.open(...asking(["gatehouse/scholar"]));
    await playground.runButton.click();
    const region = page.getByRole("region", { name: "Answer" });
    await expect.poll(() => region.evaluate((el) => el.scrollHeight > el.clientHeight + 40), { timeout: 20_000 }).toBe(true);
    await expect(playground.status()).toHaveAttribute("data-status", "in_progress");
    // Following: the box is scrolled to its end.
    await expect.poll(() => region.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(30);
    // The reader scrolls up: the box stays there while text keeps coming.
    await region.evaluate((el) => el.scrollTo({ top: 0 }));
    const heightThen = await region.evaluate((el) => el.scrollHeight);
    await expect.poll(() => region.evaluate((el) => el.scrollHeight), { timeout: 20_000 }).toBeGreaterThan(heightThen);
    expect(await region.evaluate((el) => el.scrollTop)).toBe(0);
    await page.getByRole("button", { name: "Jump to latest" }).click();
    await expect.poll(() => region.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(30);
  });

  test("a stream cut by the gateway shows the error and keeps what arrived @faults", async ({ page, playground }) => {
    await playground.open(...asking(["gatehouse/scholar"]));
    const fault = await page.request.post(`${GATEWAY.baseUrl}/__faults`, {
      headers: gatewayHeaders("management"),
      data: { path: "/responses", method: "POST", count: 1, cut_stream_after_events: 40 },
    });
    expect(fault.status()).toBe(201);
    await playground.runButton.click();
    await expect(playground.status()).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
    await expect(page.getByTestId("run-error")).toBeVisible();
    expect((await playground.answer().innerText()).length).toBeGreaterThan(5);
  });

  test("compare two models: Ctrl+Enter runs both, chart and citation overlap below", async ({ page, playground, axe }) => {
    await playground.open(...asking(["gatehouse/swift", "gatehouse/scholar"]));
    await expect(playground.column("b")).toBeVisible();
    await page.keyboard.press("Control+Enter");
    await playground.expectCompleted("a");
    await playground.expectCompleted("b");
    const comparison = playground.citationComparison;
    await expect(comparison.getByTestId("shared-count")).toContainText(/[1-9]/);
    await expect(comparison.locator('tr[data-overlap="all"]').first()).toBeVisible();
    await expect(page.getByRole("img", { name: /Time to first token/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Output speed/ })).toBeVisible();

    // Per-column stop and stop all.
    await playground.runAllButton.click();
    await expect(playground.status("b")).toHaveAttribute("data-status", "in_progress");
    await page.getByRole("button", { name: "Stop all" }).click();
    await expect(playground.status("b")).toHaveAttribute("data-status", "stopped");

    await axe.expectNoSeriousViolations(page, "two columns", { tags: WCAG21_AA });
  });

  test("a citation with a javascript: URL is not a link", async ({ page, playground }) => {
    const text = "Safe claim. Evil claim.";
    const events = [
      { type: "response.created", sequence_number: 0, response: { id: "r", object: "response", created_at: 1, model: "m", status: "in_progress", output: [] } },
      { type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { type: "message", id: "i", role: "assistant", status: "in_progress", content: [] } },
      { type: "response.output_text.delta", sequence_number: 2, item_id: "i", output_index: 0, content_index: 0, delta: text },
      {
        type: "response.output_text.annotation.added", sequence_number: 3, item_id: "i", output_index: 0, content_index: 0, annotation_index: 0,
        annotation: { type: "url_citation", url: "https://safe.example/", title: "Safe", start_index: 0, end_index: 11 },
      },
      {
        type: "response.output_text.annotation.added", sequence_number: 4, item_id: "i", output_index: 0, content_index: 0, annotation_index: 1,
        annotation: { type: "url_citation", url: "javascript:alert(document.cookie)", title: "Evil", start_index: 12, end_index: 23 },
      },
      { type: "error", sequence_number: 5, code: "test", message: "end of the recorded stream" },
    ];
    await page.route("**/api/responses", (route) =>
      route.fulfill({ status: 200, headers: { "content-type": "text/event-stream" }, body: events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("") + "data: [DONE]\n\n" }),
    );
    await playground.open(...asking(["gatehouse/swift"]));
    await playground.runButton.click();
    await expect(playground.marks()).toHaveCount(2);
    await playground.marks().nth(1).hover();
    const card = playground.citationCard;
    await expect(card.getByTestId("inert-source")).toContainText("javascript:alert(document.cookie)");
    await expect(card.getByRole("link")).toHaveCount(0);
    await expect(playground.citedSources.getByRole("link", { name: "Safe" })).toHaveAttribute("href", "https://safe.example/");
    await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  });

  test("the setup lives in the URL; fields are checked inline; code uses a key placeholder", async ({ page, playground }) => {
    await playground.open(...asking(["gatehouse/swift"]));
    await page.getByTestId("turn-0").fill("What is keyset pagination?");
    await expect(page).toHaveURL(/keyset/);
    await page.getByTestId("max-results").fill("30");
    await expect(page.getByText(/at most 25/)).toBeVisible();
    await expect(playground.runButton).toBeDisabled();
    await page.getByTestId("max-results").fill("4");
    await expect(playground.runButton).toBeEnabled();

    await page.reload();
    await expect(page.getByTestId("turn-0")).toHaveValue("What is keyset pagination?");
    await expect(page.getByTestId("max-results")).toHaveValue("4");

    await page.getByRole("button", { name: "Copy as code" }).click();
    const curl = page.getByTestId("snippet-curl");
    await expect(curl).toContainText("Bearer $GATEWAY_API_KEY");
    await expect(curl).toContainText("keyset pagination");
    await expect(curl).not.toContainText(GATEWAY.apiKey);
    await page.getByRole("tab", { name: "TypeScript" }).click();
    await expect(page.getByTestId("snippet-ts")).toContainText("process.env.GATEWAY_API_KEY");
  });

  test("what a run needs loads on the way to Run; when it cannot be loaded the column says so and can try again", async ({ page, playground }) => {
    await playground.open(...asking(["gatehouse/swift"]));
    // The first paint had everything it needed; from now on no script can be fetched.
    const chunks = "**/_next/static/chunks/**";
    await page.route(chunks, (route) => route.abort("internetdisconnected"));
    await playground.runButton.click();
    const failure = playground.column().getByTestId("part-load-error");
    await expect(failure).toContainText("The answer view could not be loaded");

    await page.unroute(chunks);
    await failure.getByRole("button", { name: "Try again" }).click();
    await expect(playground.status()).toHaveAttribute("data-status", "failed");
    await expect(page.getByTestId("run-error")).toContainText("The code that runs a request could not be loaded");
    await playground.runAndComplete();
    await expect(playground.marks().first()).toBeVisible();
  });

  test("exports the run as Markdown with footnotes and as JSON", async ({ playground }) => {
    await runAndComplete(playground);
    const md = await playground.download("Export Markdown");
    expect(md).toMatch(/\[\^1\]/);
    expect(md).toMatch(/^\[\^1\]: \[.+\]\(<https?:\/\//m);
    const body = JSON.parse(await playground.download("Export JSON"));
    expect(body.response.status).toBe("completed");
    expect(body.response.output_text[0].annotations.length).toBeGreaterThan(0);
  });

  test("no serious or critical axe violation after a run (light and dark)", async ({ page, playground, axe }) => {
    await runAndComplete(playground);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await axe.expectNoSeriousViolations(page, scheme, { tags: WCAG21_AA });
    }
  });
});

test.describe("playground (viewer)", () => {
  test.use({ role: "viewer" });

  test("is read-only with a clear note", async ({ page, playground }) => {
    await playground.open(...asking(["gatehouse/swift"]));
    await expect(page.getByTestId("read-only-note")).toContainText("editor role");
    await expect(playground.runButton).toBeDisabled();
    await expect(page.getByTestId("model-input")).toBeDisabled();
  });
});
