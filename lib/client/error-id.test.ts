import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { errorIdOf } from "./error-id";

describe("errorIdOf", () => {
  it("gives the BFF's error_id of an unexpected 500", () => {
    expect(errorIdOf(new ApiError(500, "Something went wrong", { error_id: "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab" }))).toBe(
      "6f1c2d3e-aaaa-bbbb-cccc-0123456789ab",
    );
  });

  it("gives Next's digest of a server render that threw", () => {
    expect(errorIdOf(Object.assign(new Error("hidden"), { digest: "2041378345" }))).toBe("2041378345");
  });

  it("prefers the BFF's id when an error carries both", () => {
    expect(errorIdOf(Object.assign(new ApiError(500, "x", { error_id: "bff-id" }), { digest: "next-digest" }))).toBe("bff-id");
  });

  it("is null when there is no id, or it is not a non-empty string", () => {
    expect(errorIdOf(new Error("a bug in the browser"))).toBeNull();
    expect(errorIdOf(new ApiError(404, "Not found", { error_id: 42 }))).toBeNull();
    expect(errorIdOf(Object.assign(new Error("x"), { digest: "" }))).toBeNull();
    expect(errorIdOf(null)).toBeNull();
    expect(errorIdOf("a string")).toBeNull();
  });
});
