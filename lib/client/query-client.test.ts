import { environmentManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  describe("retries", () => {
    afterEach(() => {
      environmentManager.setIsServer(() => typeof window === "undefined");
      vi.useRealTimers();
    });

    /** Fetches through `client` with a query function that fails with these statuses in turn, then answers. */
    async function attempts(client: ReturnType<typeof makeQueryClient>, statuses: number[]): Promise<{ calls: number; ok: boolean }> {
      let calls = 0;
      const queryFn = () => {
        const status = statuses[calls++];
        return status === undefined ? Promise.resolve("answer") : Promise.reject(new ApiError(status, `status ${status}`));
      };
      const done = client.fetchQuery({ queryKey: ["retried", statuses], queryFn }).then(
        () => true,
        () => false,
      );
      await vi.runAllTimersAsync();
      return { calls, ok: await done };
    }

    it("in the browser: a 503 and a network failure are tried again, a 404 is final", async () => {
      vi.useFakeTimers();
      environmentManager.setIsServer(() => false);
      const client = makeQueryClient();
      expect(await attempts(client, [503, 0])).toEqual({ calls: 3, ok: true });
      expect(await attempts(client, [503, 503, 503, 503])).toEqual({ calls: 3, ok: false });
      expect(await attempts(client, [404])).toEqual({ calls: 1, ok: false });
    });

    it("on the server (a page's prefetch): never", async () => {
      vi.useFakeTimers();
      environmentManager.setIsServer(() => true);
      expect(await attempts(makeQueryClient(), [503])).toEqual({ calls: 1, ok: false });
    });
  });

  it("sends the user to sign in and back to the same page and query", () => {
    expect(signInAgainHref({ pathname: "/files", search: "?workspace=abc&q=x y" })).toBe("/sign-in?callbackUrl=%2Ffiles%3Fworkspace%3Dabc%26q%3Dx%20y");
  });
});
