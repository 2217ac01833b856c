import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { replaceQueryData } from "./replace-query-data";

describe("replaceQueryData", () => {
  it("keeps the mutation's answer when a fetch that started before it lands after it", async () => {
    const client = new QueryClient();
    const key = ["run", "r1"];
    client.setQueryData(key, { name: "old" });
    // A refetch that read the server before the rename and answers late, with the old name.
    let answerLate!: (value: { name: string }) => void;
    const stale = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<{ name: string }>((resolve) => (answerLate = resolve)), staleTime: 0 });
    await replaceQueryData(client, key, { name: "renamed" });
    answerLate({ name: "old" });
    await stale.catch(() => undefined);
    expect(client.getQueryData(key)).toEqual({ name: "renamed" });
    client.clear();
  });
});
