// @vitest-environment happy-dom
import { cleanup, configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startComponentBff, type ComponentBff } from "@/lib/testing/component-bff";
import { renderIsland } from "@/lib/testing/render-island";
import { PresetStudio } from "./preset-studio";
import { Storage } from "happy-dom";

/**
 * The preset studio's editor (EditorController and the form it renders) as an editor uses it, against the
 * real BFF over HTTP (route handlers, the embedded gateway's presets, the audit store). Queries go by role
 * and label only, so the tests hold while the studio's files are reorganised.
 */

// The machine running the suite may be loaded: the page's answers come over HTTP from a real BFF.
configure({ asyncUtilTimeout: 20_000 });

let bff: ComponentBff;
beforeAll(async () => {
  bff = await startComponentBff();
  await bff.signInAs("editor");
});
afterAll(() => bff?.close());
// Node 25+ has a global localStorage of its own (undefined without --localstorage-file) that shadows happy-dom's:
// the page (drafts live in window.localStorage) gets happy-dom's Storage then.
if (!window.localStorage) Object.defineProperty(globalThis, "localStorage", { value: new Storage(), configurable: true });
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

let counter = 0;
/** A preset of the test's own (version 1), made through the API, then the studio opened on it. */
async function openStudioOnNewPreset(): Promise<{ slug: string; user: ReturnType<typeof userEvent.setup> }> {
  const slug = `studio-test-${Date.now().toString(36)}-${(counter += 1)}`;
  bff.openPage(`/presets/${slug}`);
  const created = await fetch(`${bff.baseUrl}/api/presets/${slug}`, {
    method: "POST",
    headers: { "content-type": "application/json", "if-none-match": "*" },
    body: JSON.stringify({ model: "gatehouse/echo", messages: [{ role: "system", content: "Be brief." }] }),
  });
  expect(created.status).toBe(200);
  const user = userEvent.setup();
  renderIsland(<PresetStudio slug={slug} />, { id: bff.userIds.editor, role: "editor" });
  await screen.findByText("Editing version 1, no changes");
  return { slug, user };
}

/** The designated version's stored config, read back through the API. */
async function designatedConfig(slug: string): Promise<{ version: number; config: Record<string, unknown> }> {
  const body = (await (await fetch(`${bff.baseUrl}/api/presets/${slug}`)).json()) as { data: { designated_version: { version: number; config: Record<string, unknown> } } };
  return body.data.designated_version;
}

const saveButton = () => screen.getByRole("button", { name: "Save…" });
const section = (title: string) => screen.getByRole("region", { name: title });

async function saveThroughReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(saveButton());
  const review = await screen.findByRole("dialog", { name: "Review changes" });
  await user.click(within(review).getByRole("button", { name: "Save new version" }));
  await screen.findByText((text) => text.startsWith("Saved as version 2."));
}

// The first render compiles the studio's chunks (CodeMirror, the schema) on a possibly loaded machine.
describe("preset studio editor", { timeout: 120_000 }, () => {
  it("typing a field marks the edit unsaved, and Save stores it as a new version", async () => {
    const { slug, user } = await openStudioOnNewPreset();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(section("Sampling")).getByLabelText("Temperature"), "0.3");
    expect(await screen.findByText("Unsaved changes")).toBeTruthy();
    expect((saveButton() as HTMLButtonElement).disabled).toBe(false);
    await saveThroughReview(user);
    const stored = await designatedConfig(slug);
    expect(stored.version).toBe(2);
    expect(stored.config.temperature).toBe(0.3);
  });

  it("a metadata pair added in the form is saved with the preset", async () => {
    const { slug, user } = await openStudioOnNewPreset();
    const metadata = await waitFor(() => {
      const region = section("Metadata");
      within(region).getByRole("button", { name: "Add pair" });
      return region;
    });
    await user.click(within(metadata).getByRole("button", { name: "Add pair" }));
    await user.type(within(metadata).getByLabelText("Metadata pairs key 1"), "team");
    await user.type(within(metadata).getByLabelText("Metadata pairs value 1"), "search");
    await saveThroughReview(user);
    expect((await designatedConfig(slug)).config.metadata).toEqual({ team: "search" });
  });

  it("a broken constraint is shown at its field and the save is refused before anything is sent", async () => {
    const { slug, user } = await openStudioOnNewPreset();
    const temperature = within(section("Sampling")).getByLabelText("Temperature");
    await user.type(temperature, "5");
    await user.tab();
    // Inline, at the field: the schema's bound (0 to 2), announced as the field's error.
    await waitFor(() => expect(temperature.getAttribute("aria-invalid")).toBe("true"));
    const savesOf = async () => (await bff.requests()).filter((request) => request.method === "POST" && request.path === `/api/presets/${slug}`);
    const before = (await savesOf()).length;
    await user.click(saveButton());
    expect(await screen.findByText("Fix this problem before saving:")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await savesOf()).toHaveLength(before);
    expect((await designatedConfig(slug)).version).toBe(1);
  });
});
