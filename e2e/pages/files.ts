import { expect, type Locator } from "@playwright/test";
import { AppPage } from "./app-page";

export interface ListScan {
  /** The file id each row index showed, in row order. */
  ids: string[];
  /** Row indexes that showed two different files during the scan (a duplicate or a lost row). */
  conflicts: string[];
  /** The most rows that were in the DOM at once. */
  maxRendered: number;
}

/** /files: the virtualised file list of a workspace, its upload area and its detail drawer. */
export class FilesPage extends AppPage {
  readonly rows = this.page.getByTestId("file-row");
  readonly scroller = this.page.getByTestId("file-scroller");
  readonly listbox = this.page.getByRole("listbox");
  readonly status = this.page.getByTestId("files-status");
  readonly end = this.page.getByTestId("files-end");
  readonly filter = this.page.getByTestId("files-filter");
  readonly loadAll = this.page.getByTestId("files-load-all");
  readonly loadError = this.page.getByTestId("files-load-error");
  readonly selectedCount = this.page.getByTestId("files-selected-count");
  readonly uploadInput = this.page.getByTestId("files-upload-input");
  readonly uploadItems = this.page.getByTestId("upload-item");
  readonly drawer = this.page.getByRole("dialog");

  /** Opens the list (`query` as is, e.g. "?workspace_id=...") and waits for its first row. */
  async goto(query = "") {
    await this.page.goto(`/files${query}`);
    await expect(this.rows.first()).toBeVisible();
  }

  /** The row at this index of the list. */
  row(index: number): Locator {
    return this.page.locator(`[data-testid="file-row"][data-index="${index}"]`);
  }

  /** The row showing this file. */
  file(id: string): Locator {
    return this.page.locator(`[data-file-id="${id}"]`);
  }

  /**
   * Waits until the list has stopped moving: no page is loading, and two reads in a row find the same scroll
   * position, status line, rendered rows and remembered scroll offsets (what the back button restores).
   */
  async waitUntilSettled() {
    let previous = "";
    await expect
      .poll(async () => {
        const now = await this.page.evaluate(() => {
          const el = document.querySelector<HTMLElement>('[data-testid="file-scroller"]')!;
          return JSON.stringify({
            loading: document.querySelector('[data-testid="files-loading-more"]') !== null,
            scrollTop: el.scrollTop,
            scrollHeight: el.scrollHeight,
            status: document.querySelector('[data-testid="files-status"]')?.textContent ?? "",
            rows: [...el.querySelectorAll<HTMLElement>('[data-testid="file-row"]')].map((r) => r.dataset.fileId).join(),
            remembered: Object.entries(sessionStorage).filter(([key]) => key.startsWith("gatehouse:files:scroll:")),
          });
        });
        const settled = now === previous && !(JSON.parse(now) as { loading: boolean }).loading;
        previous = now;
        return settled;
      })
      .toBe(true);
  }

  /**
   * Scrolls the list a screen at a time, in the browser, recording which file each row index showed. Stops at the
   * end of the list or, with `untilIndex`, once that row has been seen (the scan can then be resumed). A row index
   * that ever showed two different files is a duplicate or a lost row, and is reported.
   */
  scan(untilIndex = Number.POSITIVE_INFINITY): Promise<ListScan> {
    return this.page.evaluate(async (until) => {
      type Scan = { byIndex: Map<number, string>; conflicts: string[]; maxRendered: number };
      const w = window as unknown as { __filesScan?: Scan };
      const scan = (w.__filesScan ??= { byIndex: new Map<number, string>(), conflicts: [] as string[], maxRendered: 0 });
      const scroller = document.querySelector<HTMLElement>('[data-testid="file-scroller"]')!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const started = Date.now();
      let endSeen = false;
      // Bounded below the test's own timeout, so a list that stops loading fails with what was seen.
      while (Date.now() - started < 200_000) {
        const rows = scroller.querySelectorAll<HTMLElement>('[data-testid="file-row"]');
        scan.maxRendered = Math.max(scan.maxRendered, rows.length);
        let highest = -1;
        for (const row of rows) {
          const index = Number(row.dataset.index);
          const id = row.dataset.fileId!;
          const previous = scan.byIndex.get(index);
          if (previous !== undefined && previous !== id) scan.conflicts.push(`row ${index}: ${previous} then ${id}`);
          scan.byIndex.set(index, id);
          highest = Math.max(highest, index);
        }
        if (highest >= until) break;
        const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
        if (atBottom && scroller.querySelector('[data-testid="files-end"]')) {
          // The footer says "all loaded" as the last page arrives, a frame before the list grows by its rows:
          // the end counts only when it is still the bottom after another look (with the rows recorded again).
          if (endSeen) break;
          endSeen = true;
          await frame();
          continue;
        }
        endSeen = false;
        if (atBottom) await sleep(50);
        else {
          scroller.scrollTop += scroller.clientHeight;
          await frame();
        }
      }
      const ids = [...scan.byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
      return { ids, conflicts: scan.conflicts, maxRendered: scan.maxRendered };
    }, untilIndex);
  }
}
