import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { catalogErrorMessage } from "./load-error";

describe("catalogErrorMessage", () => {
  it("asks to sign in again after a 401", () => {
    expect(catalogErrorMessage(new ApiError(401, "unauthorized"))).toBe("Your session has ended. Sign in again to see the catalog.");
  });

  it("passes a network failure's own message through", () => {
    expect(catalogErrorMessage(new ApiError(0, "The network is unreachable."))).toBe("The network is unreachable.");
  });

  it("names the gateway's status otherwise", () => {
    expect(catalogErrorMessage(new ApiError(502, "bad gateway"))).toBe("The gateway answered 502: bad gateway");
  });

  it("has a plain sentence for anything that is not an API error", () => {
    expect(catalogErrorMessage(new TypeError("x"))).toBe("The model list could not be read.");
  });
});
