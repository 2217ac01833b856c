import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type Role } from "./fixtures";
import { lookAt } from "./support/look";

/*
 * Issue 38, end to end against the embedded gateway: two runs of one set scored with different checks compared
 * on like terms (the page names the checks it left out), and a preset's release gate refusing a version that
 * fails it, accepting one that meets it, then the move reverted. A preset of its own (v1 searches 3 results and
 * cites *.example.net pages; v2 excludes them, as web-research v3 does), so no other spec's preset moves.
 */

const SLUG = `gate-e2e-${Date.now().toString(36)}`;
const ROWS = readFileSync(path.join("lib", "evaluations", "demo", "web-research-questions.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .slice(0, 4)
  .map((line) => JSON.parse(line) as unknown);
const SYSTEM = { role: "system", content: "You are a careful research assistant. Answer from the sources you find and cite every claim." };
const V1 = { model: "gatehouse/scholar", temperature: 0.2, messages: [SYSTEM], plugins: [{ id: "web", max_results: 3 }] };
const V2 = { model: "gatehouse/scholar", temperature: 0.1, messages: [SYSTEM], plugins: [{ id: "web", engine: "exa", max_results: 8, exclude_domains: ["*.example.net"] }] };

interface Setup {
  setId: string;
  first: string;
  second: string;
}

async function finishedRun(api: APIRequestContext, data: unknown): Promise<string> {
  const run = await api.post("/api/evaluations/runs", { data });
  expect(run.status(), await run.text()).toBe(201);
  const id = ((await run.json()) as { data: { id: string } }).data.id;
  await expect
    .poll(async () => ((await (await api.get(`/api/evaluations/runs/${id}`)).json()) as { data: { status: string } }).data.status, { timeout: 240_000, intervals: [1_000] })
    .toBe("finished");
  return id;
}

async function setUp(api: APIRequestContext): Promise<Setup> {
  const first = await api.post(`/api/presets/${SLUG}`, { data: V1, headers: { "If-None-Match": "*" } });
  expect(first.status(), await first.text()).toBeLessThan(300);
  const second = await api.post(`/api/presets/${SLUG}`, { data: V2, headers: { "If-Match": "*" } });
  expect(second.status(), await second.text()).toBeLessThan(300);
  const set = await api.post("/api/evaluations/question-sets", { data: { name: `gate e2e ${Date.now()}`, rows: ROWS } });
  expect(set.status(), await set.text()).toBe(201);
  const setId = ((await set.json()) as { data: { set_id: string } }).data.set_id;
  const plan = { set_id: setId, preset: SLUG, versions: [1, 2], cap_usd: 5 };
  const runs = {
    setId,
    first: await finishedRun(api, { ...plan, checks: ["no-domain:example.net", "min-length:1"] }),
    second: await finishedRun(api, { ...plan, checks: ["no-domain:example.net", "contains-i:cache"] }),
  };
  // A third version, designated after the runs: the one the gate's candidates would replace.
  const third = await api.post(`/api/presets/${SLUG}`, { data: { ...V1, temperature: 0.5 }, headers: { "If-Match": "*" } });
  expect(third.status(), await third.text()).toBeLessThan(300);
  return runs;
}

async function at360(page: Page, name: string, axe: { expectNoSeriousViolations: (page: Page, label?: string) => Promise<void> }) {
  await page.setViewportSize({ width: 360, height: 800 });
  await axe.expectNoSeriousViolations(page, `${name} at 360 px`);
  // Nothing wider than the screen: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await lookAt(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("comparisons on like terms and a release gate (admin)", () => {
  test.use({ role: "admin" satisfies Role });
  test.describe.configure({ mode: "serial" });
  let setup: Setup;

  test.beforeAll(async ({ apiAs }) => {
    test.setTimeout(480_000);
    setup = await setUp(await apiAs("admin"));
  });

  test("two runs scored with different checks: compared on the shared one, the rest named as left out", async ({ page, axe }) => {
    await page.goto(`/evaluations/compare?runs=${setup.first},${setup.second}`);
    const terms = page.getByTestId("compare-terms");
    await expect(terms).toContainText("no-domain:example.net");
    await expect(terms.getByTestId("compare-left-out")).toContainText("min-length:1");
    await expect(terms.getByTestId("compare-left-out")).toContainText("contains-i:cache");
    // Columns and flips name runs and versions as the other pages do.
    await expect(page.getByTestId("compare-table").getByRole("link", { name: `${SLUG} v1 vs v2 · gate e2e` }).first()).toBeVisible();
    await expect(page.getByTestId("compare-table")).toContainText("per answer");
    await axe.expectNoSeriousViolations(page, "compare");
    await lookAt(page, "compare-1280");
    await at360(page, "compare", axe);
  });

  test("the gate refuses a failing version, accepts a passing one, and the move is reverted in one action", async ({ page, axe }) => {
    test.setTimeout(240_000);
    // Set the gate in the studio: no citation of *.example.net on any question.
    await page.goto(`/presets/${SLUG}?tab=history`);
    const gate = page.getByTestId("release-gate");
    await gate.getByRole("button", { name: "Set a gate" }).click();
    await gate.getByLabel("Question set").selectOption(setup.setId);
    await gate.getByLabel("Checks, one per line").fill("no-domain:example.net");
    await gate.getByLabel("Minimum pass rate (%)").fill("100");
    await gate.getByRole("button", { name: "Save the gate" }).click();
    await expect(gate.getByTestId("gate-summary")).toContainText("pass rate ≥ 100%");
    // Beside each version, its state against the gate.
    const versions = page.getByTestId("version-table");
    await expect(versions.locator("tr[data-version='2']")).toContainText("meets the gate");
    await expect(versions.locator("tr[data-version='1']")).toContainText("fails the gate");
    await axe.expectNoSeriousViolations(page, "studio history with a gate");
    await lookAt(page, "studio-gate-1280");
    await at360(page, "studio-gate", axe);

    // From the run's results: the designated version is v3 (saved after the runs), v1 is refused with what it
    // misses, v2 goes through.
    await page.goto(`/evaluations/runs/${setup.first}/results`);
    const state = page.getByTestId("designation-state");
    await expect(state.getByTestId("designated-version")).toHaveText("v3");
    await expect(state.getByText("fails the gate: pass rate")).toBeVisible();
    await expect(state.getByText("meets the gate")).toBeVisible();
    await state.getByRole("button", { name: `Make ${SLUG} v1 designated` }).click();
    const refusal = page.getByRole("dialog", { name: `Make ${SLUG} v1 the designated version` });
    await refusal.getByRole("button", { name: "Make v1 designated" }).click();
    await expect(refusal.getByTestId("gate-refusal")).toContainText("pass rate");
    await expect(refusal.getByLabel(/Reason to override the gate/)).toBeVisible();
    await axe.expectNoSeriousViolations(page, "gate refusal");
    await lookAt(page, "gate-refusal");
    await refusal.getByRole("button", { name: "Cancel" }).click();
    await expect(refusal).toBeHidden();
    await expect(state.getByTestId("designated-version")).toHaveText("v3");

    await state.getByRole("button", { name: `Make ${SLUG} v2 designated` }).click();
    const accept = page.getByRole("dialog", { name: `Make ${SLUG} v2 the designated version` });
    await accept.getByRole("button", { name: "Make v2 designated" }).click();
    await expect(accept.getByTestId("designate-done")).toContainText("Saved as version 4");
    // Nothing left to cancel: Done alone.
    await expect(accept.getByRole("button", { name: "Cancel" })).toHaveCount(0);
    await lookAt(page, "designate-done");
    await accept.getByRole("button", { name: "Done" }).click();
    await expect(state.getByTestId("designated-version")).toHaveText("v4");
    await expect(state).toContainText("settings of v2, won in this run");
    await expect(state.getByTestId("designated-badge")).toContainText(`${SLUG} v2 is designated`);
    await at360(page, "results-designated", axe);

    // The move is kept in the studio and reverted in one action: v3's settings designated again, as v5.
    await page.goto(`/presets/${SLUG}?tab=history`);
    const moves = page.getByTestId("designation-moves");
    await expect(moves.getByRole("listitem")).toHaveCount(1);
    await expect(moves).toContainText("v3 → v4");
    await moves.getByRole("button", { name: "Revert to v3's settings" }).click();
    await expect(page.getByTestId("revert-done")).toContainText("saved as v5");
    await expect(moves.getByRole("listitem")).toHaveCount(2);
    await expect(moves.getByRole("listitem").first()).toContainText("v4 → v5");
    await expect(moves.getByRole("listitem").first()).toContainText("revert, back to the settings of v3");
    await axe.expectNoSeriousViolations(page, "studio after revert");
    await lookAt(page, "studio-reverted");
  });

  test("a run is renamed by its owner or an admin, the name is used on its results, and Run again starts the same plan", async ({ page, axe, apiAs }) => {
    await page.goto(`/evaluations/runs/${setup.second}`);
    await expect(page.getByTestId("run-name")).toHaveText(new RegExp(`^${SLUG} v1 vs v2 · gate e2e`));
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("Run name").fill("Cache wording check");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByTestId("run-name")).toHaveText("Cache wording check");
    await axe.expectNoSeriousViolations(page, "run page");
    await at360(page, "run", axe);
    // A viewer may not rename (403 in the contract's shape).
    const viewer = await apiAs("viewer");
    expect((await viewer.patch(`/api/evaluations/runs/${setup.second}`, { data: { name: "x" } })).status()).toBe(403);
    const empty = await (await apiAs("admin")).patch(`/api/evaluations/runs/${setup.second}`, { data: { name: " " } });
    expect(empty.status()).toBe(400);
    expect(await empty.text()).toContain("name");

    await page.goto(`/evaluations/runs/${setup.second}/results`);
    await expect(page.getByTestId("run-name")).toHaveText("Cache wording check");

    await page.goto(`/evaluations/runs/${setup.second}`);
    await page.getByRole("button", { name: "Run again" }).click();
    await expect(page).not.toHaveURL(new RegExp(setup.second));
    await expect(page).toHaveURL(/\/evaluations\/runs\/[0-9a-f-]{36}$/);
    const again = /\/evaluations\/runs\/([0-9a-f-]{36})$/.exec(page.url())![1];
    const plan = ((await (await apiAs("admin")).get(`/api/evaluations/runs/${again}`)).json() as Promise<{ data: { set_id: string; plan: { checks: unknown[]; versions: { id: string }[] } } }>);
    const body = (await plan).data;
    expect(body.set_id).toBe(setup.setId);
    expect(body.plan.versions.map((v) => v.id)).toEqual([`@preset/${SLUG}@1`, `@preset/${SLUG}@2`]);
    expect(body.plan.checks).toHaveLength(2);
    // Stop it: the point was the plan, not the answers.
    await (await apiAs("admin")).post(`/api/evaluations/runs/${again}/cancel`);
  });

  test("an import names the new set after the file finally picked, unless the name was typed", async ({ page }) => {
    await page.goto("/evaluations/sets");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Import a question set" });
    const file = dialog.getByLabel("CSV or JSONL file");
    const name = dialog.getByLabel("Name of the new set");
    const pick = (fileName: string) => file.setInputFiles({ name: fileName, mimeType: "text/csv", buffer: Buffer.from("question\nWhat is an ETag?\n") });
    await pick("bad.csv");
    await expect(name).toHaveValue("bad");
    await pick("good.csv");
    await expect(name).toHaveValue("good");
    await name.fill("My own name");
    await pick("third.csv");
    await expect(name).toHaveValue("My own name");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // A set can be renamed (a save of its rows under the new name).
    await page.goto(`/evaluations/sets/${setup.setId}`);
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByLabel("Set name").fill("Caching questions");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Caching questions");
    await expect(page.getByRole("status")).toContainText("Renamed to “Caching questions”");
  });
});
