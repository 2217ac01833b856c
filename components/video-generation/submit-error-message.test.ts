import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/client/api-client";
import { submitErrorMessage } from "./use-submit-generation";

describe("submitErrorMessage", () => {
  it("explains the spending guard's refusals", () => {
    expect(submitErrorMessage(new ApiError(402, "Estimated $12.00 is over the $10.00 limit per request."))).toMatch(/spending limit for one generation: Estimated \$12\.00.*fewer models/);
    expect(submitErrorMessage(new ApiError(429, "Over $50.00 in 24 hours.", null, 600))).toMatch(/daily video spending limit.*Over \$50\.00.*about 10 min/);
    expect(submitErrorMessage(new ApiError(403, "Forbidden"))).toBe("Generating videos needs the editor role.");
  });

  it("passes other refusals through", () => {
    expect(submitErrorMessage(new ApiError(400, "google/veo-3.1 takes 4, 6, 8"))).toBe("google/veo-3.1 takes 4, 6, 8");
  });
});
