// @vitest-environment happy-dom
import { cleanup, configure, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { QuestionSetVersionBody } from "@/lib/contract/bff/evaluations";
import { startComponentBff, type ComponentBff } from "@/lib/testing/component-bff";
import { renderIsland } from "@/lib/testing/render-island";
import { ImportReportView } from "./import-report";
import { RowsForm } from "./rows-form";

/**
 * The question-set editor's rows against the real BFF and app database over HTTP: one page of rows is in the
 * document however long the set, a refused save names the row and field next to the field, and a save is
 * read back from the API as the next version.
 */

configure({ asyncUtilTimeout: 15_000 });

let bff: ComponentBff;
beforeAll(async () => {
  bff = await startComponentBff();
  bff.openPage("/evaluations/sets");
});
afterAll(() => bff?.close());
afterEach(cleanup);

async function createSet(name: string, questions: string[]): Promise<QuestionSetVersionBody> {
  const response = await fetch(`${bff.baseUrl}/api/evaluations/question-sets`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, rows: questions.map((question) => ({ question })) }),
  });
  expect(response.status).toBe(201);
  // The save answers the version described, without its rows: the form starts from the version read whole.
  return newest(((await response.json()) as { data: { set_id: string } }).data.set_id);
}

async function newest(id: string): Promise<QuestionSetVersionBody> {
  return ((await (await fetch(`${bff.baseUrl}/api/evaluations/question-sets/${id}`)).json()) as { data: QuestionSetVersionBody }).data;
}

/** The question inputs in the document (a selector: role queries over hundreds of inputs are slow in happy-dom). */
const questionBoxes = () => [...document.querySelectorAll('textarea[aria-label^="Question, row "]')];
const questionBox = (number: number) => document.querySelector(`textarea[aria-label="Question, row ${number}"]`) as HTMLTextAreaElement | null;

describe("question-set rows form", () => {
  it("keeps one page of 50 rows in the document and adds a row on the last page, focused", async () => {
    const set = await createSet("Long set", Array.from({ length: 120 }, (_, index) => `Question ${index + 1}?`));
    const user = userEvent.setup();
    renderIsland(<RowsForm set={set} onSaved={() => {}} />, { id: bff.userIds.editor, role: "editor" });
    expect(questionBoxes()).toHaveLength(50);
    expect(screen.getByText("Rows 1–50 of 120")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(questionBox(51)?.value).toBe("Question 51?");
    expect(questionBox(1)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Add row" }));
    expect(questionBox(121)).not.toBeNull();
    expect(document.activeElement).toBe(questionBox(121));
    expect(questionBoxes()).toHaveLength(21);
    expect(screen.getByText("Rows 101–121 of 121")).toBeTruthy();
  }, 120_000);

  it("names a refused field next to it, then saves the fix as the next version", async () => {
    const set = await createSet("Small set", ["What is WAL?", "Who wrote SICP?"]);
    const saved: number[] = [];
    const user = userEvent.setup();
    renderIsland(<RowsForm set={set} onSaved={(version) => saved.push(version)} />, { id: bff.userIds.editor, role: "editor" });

    const second = screen.getByRole("textbox", { name: "Question, row 2" });
    await user.clear(second);
    await user.type(screen.getByRole("textbox", { name: "Allowed domains, row 1" }), "https://example.com/path");
    await user.click(screen.getByRole("button", { name: "Save as new version" }));
    await screen.findByText(/Not saved: fix rows 1, 2\./);
    await waitFor(() => expect(second.getAttribute("aria-invalid")).toBe("true"));
    const secondError = document.getElementById(second.getAttribute("aria-describedby")!);
    expect(secondError?.textContent).toBe("Question is required");
    const domains = screen.getByRole("textbox", { name: "Allowed domains, row 1" });
    expect(document.getElementById(domains.getAttribute("aria-describedby")!)?.textContent).toMatch(/^Allowed domains \(item 1\) /);
    expect((await newest(set.set_id)).version).toBe(1);

    await user.clear(domains);
    await user.type(domains, "postgresql.org; go.dev");
    await user.type(second, "Who wrote TAOCP?");
    await user.click(screen.getByRole("checkbox", { name: "Time-sensitive, row 2" }));
    await user.click(screen.getByRole("button", { name: "Save as new version" }));
    await waitFor(() => expect(saved).toEqual([2]));
    expect(await newest(set.set_id)).toMatchObject({
      version: 2,
      rows: [
        { question: "What is WAL?", allowed_domains: ["postgresql.org", "go.dev"], time_sensitive: false },
        { question: "Who wrote TAOCP?", allowed_domains: [], time_sensitive: true },
      ],
    });
  }, 120_000);
});

describe("import report", () => {
  it("lists each bad row's line and field and counts the ones not listed", () => {
    render(
      <ImportReportView
        report={{
          errors: [
            { line: 3, field: "time_sensitive", message: "must be true or false" },
            { line: 7, field: "question", message: "is required" },
          ],
          errorCount: 32,
          more: 30,
        }}
      />,
    );
    const report = screen.getByRole("alert");
    expect(within(report).getByText("32 problems in the file: nothing was imported.")).toBeTruthy();
    const rows = within(report).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(["3time_sensitivemust be true or false", "7questionis required"]);
    expect(within(report).getByText("30 more not listed.")).toBeTruthy();
  });
});
