import type { APIRequestContext } from "@playwright/test";
import { expect, GATEWAY, gatewayHeaders, test } from "./fixtures";
import { VideoModelsPage } from "./pages/video-models";

/**
 * The video-model catalog against the embedded gateway's real catalog. Expected values are worked
 * out here from the gateway's own answer (not from the app's code), so a wrong filter, count or
 * price in the app fails the test.
 */

interface GatewayVideoModel {
  id: string;
  name: string;
  created: number;
  description?: string;
  generate_audio: boolean | null;
  pricing_skus: Record<string, string> | null;
  supported_aspect_ratios: string[] | null;
  supported_durations: number[] | null;
  supported_frame_images: string[] | null;
  supported_resolutions: string[] | null;
}

async function gatewayModels(request: APIRequestContext): Promise<GatewayVideoModel[]> {
  const response = await request.get(`${GATEWAY.baseUrl}/videos/models`, { headers: gatewayHeaders() });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: GatewayVideoModel[] }).data;
}

function byId(models: GatewayVideoModel[], id: string): GatewayVideoModel {
  const model = models.find((m) => m.id === id);
  if (!model) throw new Error(`the embedded gateway no longer lists ${id}`);
  return model;
}

function usd(value: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: value < 1 ? 4 : 2 }).format(value);
}

function sameSet(actual: string[], expected: string[]) {
  expect([...actual].sort()).toEqual([...expected].sort());
}

test.describe("video-model catalog", () => {
  test.use({ role: "viewer" });

  test("shows one card per model with drawn capabilities and every SKU as a readable row", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.open();
    await expect(videoModels.cards).toHaveCount(models.length);
    await expect(videoModels.resultCount).toHaveText(`${models.length} models`);

    const veo = byId(models, "google/veo-3.1");
    const veoCard = videoModels.card(veo.id);
    await expect(veoCard.getByRole("heading", { name: veo.name })).toBeVisible();
    await expect(veoCard.getByText("google", { exact: true })).toBeVisible();
    const released = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(veo.created * 1000));
    await expect(veoCard.getByText(`Released ${released}`)).toBeVisible();
    // Aspect ratios are drawn (an SVG per ratio) and named in text.
    const ratios = veoCard.getByRole("list", { name: "Aspect ratios" }).getByRole("listitem");
    await expect(ratios).toHaveCount(veo.supported_aspect_ratios!.length);
    await expect(ratios.first().locator("svg rect")).toHaveCount(1);
    const durations = veo.supported_durations!;
    await expect(veoCard.getByText(`${Math.min(...durations)}–${Math.max(...durations)} s`)).toBeVisible();
    // Every SKU is a row; the one whose unit the name does not state says so instead of guessing.
    const rows = veoCard.getByRole("table", { name: `Prices of ${veo.name}` }).getByRole("row");
    await expect(rows).toHaveCount(Object.keys(veo.pricing_skus!).length + 1);
    await expect(veoCard.getByRole("rowheader", { name: /^generate\b/ })).toContainText("unit unknown");
    await expect(veoCard.getByRole("rowheader", { name: /^per_video_second_with_audio\b/ })).toContainText("per second · with audio");

    const seedance = byId(models, "bytedance/seedance-1-pro");
    const cents = Number(seedance.pricing_skus!.cents_per_video_output_second_480p);
    const row = videoModels.card(seedance.id).getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^cents_per_video_output_second_480p\b/ }) });
    await expect(row).toContainText("per second · 480p");
    await expect(row.getByRole("cell")).toContainText(usd(cents / 100));
  });

  test("filters combine, and each value shows how many models choosing it leaves", async ({ request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.open();

    const has1080 = (m: GatewayVideoModel) => (m.supported_resolutions ?? []).includes("1080p");
    const hasAudio = (m: GatewayVideoModel) => m.generate_audio === true;
    const wide = (m: GatewayVideoModel) => (m.supported_aspect_ratios ?? []).includes("16:9");
    const atLeast8 = (m: GatewayVideoModel) => (m.supported_durations ?? []).some((d) => d >= 8);

    const res1080 = videoModels.facet("Resolution", /^1080p\b/);
    expect(await res1080.count()).toBe(models.filter(has1080).length);
    await res1080.box.check();
    await expect(videoModels.resultCount).toHaveText(`${models.filter(has1080).length} of ${models.length} models`);
    sameSet(await videoModels.shownIds(), models.filter(has1080).map((m) => m.id));

    // Counts of other filters now take 1080p into account.
    const audio = videoModels.facet("Capabilities", /^Generates audio\b/);
    await expect.poll(audio.count).toBe(models.filter((m) => has1080(m) && hasAudio(m)).length);
    await audio.box.check();
    const expected = models.filter((m) => has1080(m) && hasAudio(m));
    await expect(videoModels.cards).toHaveCount(expected.length);
    sameSet(await videoModels.shownIds(), expected.map((m) => m.id));

    const ratio = videoModels.facet("Aspect ratio", /^16:9\b/);
    await expect.poll(ratio.count).toBe(expected.filter(wide).length);
    // The count of a chosen resolution ignores the resolution filter itself but keeps the others.
    await expect.poll(videoModels.facet("Resolution", /^720p\b/).count).toBe(models.filter((m) => hasAudio(m) && (m.supported_resolutions ?? []).includes("720p")).length);

    await videoModels.durationRange("From").selectOption("8");
    const longOnes = expected.filter(atLeast8);
    await expect(videoModels.cards).toHaveCount(longOnes.length);
    sameSet(await videoModels.shownIds(), longOnes.map((m) => m.id));

    await videoModels.clearFilters.first().click();
    await expect(videoModels.cards).toHaveCount(models.length);
    await expect(res1080.box).not.toBeChecked();
  });

  test("the URL carries the whole view, so a copied link opens the same view", async ({ page, context, request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.open();
    await videoModels.search.fill("o");
    await videoModels.facet("Resolution", /^720p\b/).box.check();
    await videoModels.facet("Aspect ratio", /^9:16\b/).box.check();
    await videoModels.facet("Capabilities", /^First frame image\b/).box.check();
    await videoModels.durationRange("To").selectOption("10");
    await videoModels.sortBy.selectOption("newest");
    await videoModels.duration.selectOption("8");
    await videoModels.withAudio.check();

    await expect(page).toHaveURL(/[?&]q=o(&|$)/);
    const url = new URL(page.url());
    expect(url.searchParams.get("res")).toBe("720p");
    expect(url.searchParams.get("ratio")).toBe("9:16");
    expect(url.searchParams.get("first_frame")).toBe("true");
    expect(url.searchParams.get("max_s")).toBe("10");
    expect(url.searchParams.get("sort")).toBe("newest");
    expect(url.searchParams.get("duration")).toBe("8");
    expect(url.searchParams.get("with_audio")).toBe("true");
    const ids = await videoModels.shownIds();
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(models.length);

    const linked = new VideoModelsPage(await context.newPage());
    await linked.open(url.search);
    expect(await linked.shownIds()).toEqual(ids);
    await expect(linked.search).toHaveValue("o");
    await expect(linked.facet("Resolution", /^720p\b/).box).toBeChecked();
    await expect(linked.facet("Aspect ratio", /^9:16\b/).box).toBeChecked();
    await expect(linked.facet("Capabilities", /^First frame image\b/).box).toBeChecked();
    await expect(linked.durationRange("To")).toHaveValue("10");
    await expect(linked.sortBy).toHaveValue("newest");
    await expect(linked.duration).toHaveValue("8");
    await expect(linked.withAudio).toBeChecked();
  });

  test("compares three models in aligned rows with the differences highlighted", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    const picked = ["google/veo-3.1", "google/veo-3.1-fast", "openai/sora-2"].map((id) => byId(models, id));
    await videoModels.open();
    for (const model of picked) await videoModels.card(model.id).getByRole("checkbox", { name: `Compare ${model.name}` }).check();
    const bar = videoModels.comparisonBar;
    await expect(bar).toContainText("3 of 4 picked");
    await bar.getByRole("button", { name: "Compare 3 models" }).click();

    const dialog = page.getByRole("dialog", { name: "Compare 3 models" });
    await expect(dialog).toBeVisible();
    const headers = dialog.locator("thead").getByRole("columnheader");
    await expect(headers).toHaveText(["Field", ...picked.map((m) => m.name)]);
    for (const row of await dialog.getByTestId("compare-row").all()) await expect(row.getByRole("cell")).toHaveCount(3);

    const row = (key: string) => dialog.locator(`[data-testid="compare-row"][data-row-key="${key}"]`);
    await expect(row("provider")).toHaveAttribute("data-differs", "true");
    await expect(row("provider").getByRole("rowheader")).toContainText("differs");
    const lastFrame = picked.map((m) => ((m.supported_frame_images ?? []).includes("last_frame") ? "Yes" : "No"));
    await expect(row("last_frame").getByRole("cell")).toHaveText(lastFrame);
    await expect(row("last_frame")).toHaveAttribute("data-differs", new Set(lastFrame).size > 1 ? "true" : "false");
    const sameRatios = new Set(picked.map((m) => [...(m.supported_aspect_ratios ?? [])].sort().join())).size === 1;
    await expect(row("aspect_ratios")).toHaveAttribute("data-differs", sameRatios ? "false" : "true");
    if (sameRatios) await expect(row("aspect_ratios").getByRole("rowheader")).not.toContainText("differs");
    // One pricing row per SKU name across the three; a model without that SKU shows a gap.
    const skuNames = new Set(picked.flatMap((m) => Object.keys(m.pricing_skus ?? {})));
    await expect(dialog.locator('[data-testid="compare-row"][data-row-key^="sku:"]')).toHaveCount(skuNames.size);
    await expect(row("sku:generate").getByRole("cell")).toHaveText([/unit unknown/, "—", "—"]);

    await dialog.getByLabel("Show only differences").check();
    await expect(row("aspect_ratios")).toHaveCount(sameRatios ? 0 : 1);
    await expect(dialog.locator('[data-testid="compare-row"][data-differs="false"]')).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // At most four: with a fourth picked, the other cards cannot be added.
    const others = models.filter((m) => !picked.includes(m));
    await videoModels.card(others[0].id).getByRole("checkbox").check();
    await expect(bar).toContainText("4 of 4 picked");
    await expect(videoModels.card(others[1].id).getByRole("checkbox")).toBeDisabled();
    await bar.getByRole("button", { name: `Remove ${picked[0].name} from the comparison` }).click();
    await expect(videoModels.card(others[1].id).getByRole("checkbox")).toBeEnabled();
  });

  test("the cost calculator estimates from each model's SKUs, says n/a otherwise, and charts the estimates", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    const price = (id: string, sku: string) => Number(byId(models, id).pricing_skus![sku]);
    await videoModels.open("?duration=8&resolution=720p");

    const estimate = (id: string) => videoModels.card(id).getByTestId("model-estimate");
    await expect(estimate("openai/sora-2")).toContainText(usd(price("openai/sora-2", "per_video_second") * 8));
    await expect(estimate("google/veo-3.1")).toContainText(usd(price("google/veo-3.1", "per_video_second") * 8));
    // The SKU named only "generate" is not silently added or used.
    await expect(estimate("google/veo-3.1")).toContainText("Not included, unreadable: generate");
    await expect(estimate("tencent/hunyuan-video")).toContainText("n/a");

    // The chart lists the priced models cheapest first, with their amounts as text.
    const chart = page.getByTestId("cost-chart");
    const chartRows = chart.getByTestId("cost-chart-row");
    const amounts = await chartRows.evaluateAll((rows) => rows.map((row) => Number(row.querySelector("td span")?.textContent?.replace(/[$,]/g, ""))));
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    await expect(chart.locator('[data-model-id="openai/sora-2"]')).toContainText(usd(price("openai/sora-2", "per_video_second") * 8));
    await expect(chartRows.locator("svg rect").first()).toBeAttached();
    const missing = page.getByTestId("cost-chart-missing");
    await missing.getByText(/models? without an estimate/).click();
    await expect(missing.locator('[data-model-id="tencent/hunyuan-video"]')).toContainText("n/a · No 8 s option");

    await videoModels.withAudio.check();
    await expect(estimate("google/veo-3.1")).toContainText(usd(price("google/veo-3.1", "per_video_second_with_audio") * 8));
    await expect(estimate("kwaivgi/kling-v2.5-turbo-pro")).toContainText("n/a");

    await videoModels.withAudio.uncheck();
    await videoModels.duration.selectOption("5");
    await videoModels.resolution.selectOption("480p");
    const seedance = price("bytedance/seedance-1-pro", "cents_per_video_output_second_480p");
    await expect(estimate("bytedance/seedance-1-pro")).toContainText(usd((seedance / 100) * 5));
    await expect(estimate("wan-ai/wan2.2-t2v-a14b")).toContainText(usd(price("wan-ai/wan2.2-t2v-a14b", "per-video-480p")));

    await videoModels.sortBy.selectOption("cheapest");
    const cheapestInChart = await chartRows.first().getAttribute("data-model-id");
    await expect.poll(async () => (await videoModels.shownIds())[0]).toBe(cheapestInChart);
  });

  test("a detail view shows the model's raw JSON, and the open view is in the URL", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    const veo = byId(models, "google/veo-3.1");
    await videoModels.open();
    await videoModels.card(veo.id).getByRole("button", { name: /Details and raw JSON/ }).click();
    const drawer = page.getByRole("dialog", { name: veo.name });
    await expect(drawer).toBeVisible();
    const raw = await drawer.getByTestId("model-raw-json").textContent();
    expect(JSON.parse(raw ?? "")).toEqual(veo);
    await expect(page).toHaveURL(/[?&]model=google%2Fveo-3\.1|[?&]model=google\/veo-3\.1/);

    await page.reload();
    await expect(page.getByRole("dialog", { name: veo.name })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).not.toHaveURL(/model=/);
  });

  test("no match: an empty state with a button that clears the filters", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.goto("?q=no-such-video-model");
    await expect(page.getByRole("heading", { name: "No model matches" })).toBeVisible();
    await expect(videoModels.cards).toHaveCount(0);
    await videoModels.clearFilters.last().click();
    await expect(videoModels.cards).toHaveCount(models.length);
    await expect(videoModels.search).toHaveValue("");
  });

  test("when the list cannot be refreshed: an error with a retry that recovers, the last list kept", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.open();
    // The network drops every request for the list until the route is removed.
    await page.route("**/api/videos/models", (route) => route.abort("connectionreset"));
    await videoModels.refreshButton.click();
    const alert = page.getByRole("alert").filter({ hasText: "Could not refresh the list" });
    await expect(alert).toContainText("Cannot reach Gatehouse", { timeout: 20_000 });
    await expect(videoModels.cards).toHaveCount(models.length);
    await page.unroute("**/api/videos/models");
    await alert.getByRole("button", { name: "Retry" }).click();
    await expect(alert).toBeHidden();
    await expect(videoModels.cards).toHaveCount(models.length);
  });

  test("a refresh revalidates with the ETag: 304, no body, same catalog", async ({ page, request, videoModels }) => {
    const models = await gatewayModels(request);
    await videoModels.open();
    const revalidation = page.waitForResponse((response) => response.url().endsWith("/api/videos/models"));
    await videoModels.refreshButton.click();
    const response = await revalidation;
    expect(response.request().headers()["if-none-match"]).toBeTruthy();
    expect(response.status()).toBe(304);
    await expect(videoModels.refreshButton).toBeEnabled();
    await expect(videoModels.cards).toHaveCount(models.length);
  });

  test("fits 360 px: filters fold away, descriptions expand, nothing scrolls sideways", async ({ page, videoModels }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await videoModels.open();
    const resolution = page.getByRole("group", { name: "Resolution" });
    await expect(resolution).toBeHidden();
    await page.getByRole("button", { name: "Show filters" }).click();
    await expect(resolution).toBeVisible();

    const veoCard = videoModels.card("google/veo-3.1");
    const more = veoCard.getByRole("button", { name: /Show more/ });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(veoCard.getByRole("button", { name: /Show less/ })).toHaveAttribute("aria-expanded", "true");

    expect(await videoModels.horizontalOverflow()).toBeLessThanOrEqual(0);
  });

  test("works from the keyboard: filter, pick, compare, close back to where it was", async ({ page, videoModels }) => {
    await videoModels.open();
    const res720 = videoModels.facet("Resolution", /^720p\b/);
    await res720.box.focus();
    await page.keyboard.press("Space");
    await expect(res720.box).toBeChecked();
    await expect(page).toHaveURL(/res=720p/);

    const boxes = videoModels.compareBoxes;
    for (const index of [0, 1]) {
      await boxes.nth(index).focus();
      await page.keyboard.press("Space");
    }
    const open = page.getByRole("button", { name: "Compare 2 models" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Compare 2 models" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    const details = videoModels.detailsButtons.first();
    await details.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(details).toBeFocused();
  });

  test("has no serious or critical accessibility violations (page, comparison, detail)", async ({ page, videoModels, axe }) => {
    // Three axe scans of the catalog grid: more than the default minute on a loaded 2-core machine.
    test.slow();
    const scan = (label: string) => axe.expectNoSeriousViolations(page, label);
    await videoModels.open("?res=1080p");
    await scan("catalog");
    await page.emulateMedia({ colorScheme: "dark" });
    await scan("catalog, dark");
    await page.emulateMedia({ colorScheme: "light" });

    const boxes = videoModels.compareBoxes;
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.getByRole("button", { name: "Compare 2 models" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("comparison");
    await page.keyboard.press("Escape");

    await videoModels.detailsButtons.first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await scan("detail");
  });
});
