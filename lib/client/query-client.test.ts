import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { makeQueryClient, signInAgainHref } from "./query-client";

const failWith = (status: number) => () => Promise.reject(new ApiError(status, `status ${status}`));

describe("the query client", () => {
  it("reports a read answered 401 (the session ended), and no other failure", async () => {
    const onUnauthorized = vi.fn();
    const client = makeQueryClient({ onUnauthorized });
    await client.fetchQuery({ queryKey: ["a"], queryFn: failWith(500), retry: false }).catch(() => undefined);
    await client.fetchQuery({ queryKey: ["b"], queryFn: failWith(403), retry: false }).catch(() => undefined);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client.fetchQuery({ queryKey: ["c"], queryFn: failWith(401), retry: false }).catch(() => undefined);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("sends the user to sign in and back to the same page and query", () => {
    expect(signInAgainHref({ pathname: "/files", search: "?workspace=abc&q=x y" })).toBe("/sign-in?callbackUrl=%2Ffiles%3Fworkspace%3Dabc%26q%3Dx%20y");
  });
});
