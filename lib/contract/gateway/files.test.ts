import { describe, expect, it } from "vitest";
import {
  FileDeleteResponseSchema,
  FileGetResponseSchema,
  FileListQuerySchema,
  FileListResponseSchema,
  FileSchema,
} from "./files";
import { issuePaths, issuesOf, itParsesReferenceExamples } from "./test-fixtures/issues";

const file = {
  id: "or_file_1",
  type: "file",
  filename: "document.pdf",
  mime_type: "application/pdf",
  size_bytes: 1024000,
  downloadable: false,
  created_at: "2025-01-01T00:00:00Z",
};

describe("file readers", () => {
  itParsesReferenceExamples([
    ["fileList", FileListResponseSchema],
    ["file", FileGetResponseSchema],
    ["fileDelete", FileDeleteResponseSchema],
  ]);

  it("keep `_shape` and unknown fields", () => {
    const parsed = FileSchema.parse({ ...file, _shape: "openrouter", purpose: "user_data" });
    expect(parsed._shape).toBe("openrouter");
    expect(parsed.purpose).toBe("user_data");
    const page = FileListResponseSchema.parse({
      _shape: "anthropic",
      data: [file],
      first_id: "or_file_1",
      last_id: "or_file_1",
      has_more: true,
      cursor: "opaque==",
    });
    expect(page.cursor).toBe("opaque==");
  });

  it("require the contract's fields", () => {
    const { size_bytes: _size, ...noSize } = file;
    expect(issuePaths(FileSchema, noSize)).toEqual(["size_bytes"]);
    expect(issuePaths(FileListResponseSchema, { data: [], has_more: false })).toEqual([
      "first_id",
      "last_id",
      "cursor",
    ]);
  });
});

describe("FileListQuerySchema", () => {
  it("accepts the limit bounds and optional parameters", () => {
    expect(FileListQuerySchema.parse({})).toEqual({});
    expect(FileListQuerySchema.parse({ limit: "1" })).toEqual({ limit: 1 });
    expect(FileListQuerySchema.parse({ limit: "1000", cursor: "abc", workspace_id: "a103d8b6-42f0-4e50-9a3c-bf41e2c3c1a7" })).toEqual({
      limit: 1000,
      cursor: "abc",
      workspace_id: "a103d8b6-42f0-4e50-9a3c-bf41e2c3c1a7",
    });
  });

  it.each([
    [{ limit: "0" }, "limit", "limit must be at least 1"],
    [{ limit: "1001" }, "limit", "limit must be at most 1000"],
    [{ limit: "2.5" }, "limit", "limit must be an integer"],
    [{ workspace_id: "my-workspace" }, "workspace_id", "workspace_id must be a UUID"],
    [{ cursor: "" }, "cursor", "cursor must not be empty"],
  ])("rejects %j", (query, path, message) => {
    expect(issuesOf(FileListQuerySchema, query)).toEqual([{ path, message }]);
  });
});
