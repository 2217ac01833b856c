import { describe, expect, it } from "vitest";
import { FILES_PAGE_SIZE, shouldFetchMore } from "./prefetch";
import { MAX_UPLOAD_BYTES, uploadRefusal } from "./upload-rules";

describe("upload refusals", () => {
  it("refuses empty and over-size files naming them", () => {
    expect(uploadRefusal({ name: "a.txt", size: 0 })).toBe("a.txt is empty; the gateway refuses empty files.");
    expect(uploadRefusal({ name: "big.pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe(
      "big.pdf is 100 MB (104,857,601 bytes); the largest file the gateway accepts is 100 MB (104,857,600 bytes).",
    );
    expect(uploadRefusal({ name: "huge.pdf", size: 250_000_000 })).toMatch(/^huge.pdf is 238 MB/);
    expect(uploadRefusal({ name: "odd.bin", size: 2000 }, 1500)).toBe("odd.bin is 2.0 KB (2,000 bytes); the largest file the gateway accepts is 1,500 bytes.");
    expect(uploadRefusal({ name: "ok.pdf", size: MAX_UPLOAD_BYTES })).toBeNull();
  });
});

describe("prefetch distance", () => {
  it("asks for the next page well before the end of the loaded rows", () => {
    expect(shouldFetchMore({ lastVisibleIndex: 20, loadedCount: 500, visibleRows: 20, pageSize: 500 })).toBe(false);
    expect(shouldFetchMore({ lastVisibleIndex: 120, loadedCount: 500, visibleRows: 20, pageSize: 500 })).toBe(true);
    // With the real page size, a third of the way into the first page already asks for the second.
    expect(shouldFetchMore({ lastVisibleIndex: Math.round(FILES_PAGE_SIZE / 3), loadedCount: FILES_PAGE_SIZE, visibleRows: 20 })).toBe(true);
    expect(shouldFetchMore({ lastVisibleIndex: 10, loadedCount: FILES_PAGE_SIZE, visibleRows: 20 })).toBe(false);
  });

  it("never less than several screens ahead, even with small pages", () => {
    expect(shouldFetchMore({ lastVisibleIndex: 100, loadedCount: 200, visibleRows: 30, pageSize: 10 })).toBe(true);
    expect(shouldFetchMore({ lastVisibleIndex: 10, loadedCount: 200, visibleRows: 30, pageSize: 10 })).toBe(false);
  });

  it("fetches the first page when nothing is loaded", () => {
    expect(shouldFetchMore({ lastVisibleIndex: -1, loadedCount: 0, visibleRows: 20 })).toBe(true);
  });
});
