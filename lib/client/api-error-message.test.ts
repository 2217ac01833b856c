import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { apiErrorMessage, isApiStatus, SESSION_EXPIRED } from "./api-error-message";

describe("apiErrorMessage", () => {
  it("says the session expired on 401, the server's message otherwise", () => {
    expect(apiErrorMessage(new ApiError(401, "Sign in to continue"))).toBe(SESSION_EXPIRED);
    expect(apiErrorMessage(new ApiError(409, "Version 3 is not the latest"))).toBe("Version 3 is not the latest");
  });

  it("says what is not an answer", () => {
    expect(apiErrorMessage(new TypeError("bad json"))).toBe("Gatehouse answered something unexpected: bad json");
    expect(apiErrorMessage("nope")).toBe("Something went wrong. Try again.");
  });

  it("takes a caller's words by status, for answers and for the rest", () => {
    const words = { status: { 403: "Your role cannot do that.", 429: (e: ApiError) => `wait ${e.retryAfterSeconds} s` }, answered: (e: ApiError) => `${e.status}: ${e.message}`, otherwise: () => "unreadable" };
    expect(apiErrorMessage(new ApiError(403, "forbidden"), words)).toBe("Your role cannot do that.");
    expect(apiErrorMessage(new ApiError(429, "slow down", null, 3), words)).toBe("wait 3 s");
    expect(apiErrorMessage(new ApiError(500, "boom"), words)).toBe("500: boom");
    expect(apiErrorMessage(new Error("x"), words)).toBe("unreadable");
  });

  it("isApiStatus matches an answer's status only", () => {
    expect(isApiStatus(new ApiError(404, "gone"), 403, 404)).toBe(true);
    expect(isApiStatus(new ApiError(500, "boom"), 404)).toBe(false);
    expect(isApiStatus(new Error("404"), 404)).toBe(false);
  });
});
