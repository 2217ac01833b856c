import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetEnvelopeSchema } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import type { Role } from "@/lib/contract/bff/schemas";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { getMyBudget, getUserBudget, putUserBudget } from "./budgets";

/** Issue 39: an admin sets a person's budget; each person reads their own (the header menu). */
describe("budgets per person", () => {
  let bff: BffTestEnv;
  beforeAll(async () => {
    bff = await setUpBff({ baseUrl: "http://127.0.0.1:9", apiKey: "k" }, { MODEL_MAX_COST_PER_DAY_USD: "7", MODEL_MAX_COST_PER_MONTH_USD: "70" });
  });
  afterAll(() => bff.cleanup());

  const put = (id: string, json: unknown, role: Role = "admin") => putUserBudget(bff.request(`/api/users/${id}/budget`, { role, method: "PUT", json }), params({ id }));

  it("starts at the settings' defaults, takes an admin's limits, and goes back to the default with null", async () => {
    const editor = bff.userIds.editor;
    const mine = BudgetEnvelopeSchema.parse(await (await getMyBudget(bff.request("/api/me/budget", { role: "editor" }), params({}))).json()).data;
    expect(mine.day).toMatchObject({ limit_usd: 7, spent_usd: 0, is_default: true });
    expect(mine.month).toMatchObject({ limit_usd: 70, is_default: true });
    expect(Date.parse(mine.day.resets_at)).toBeGreaterThan(Date.now());

    const saved = await put(editor, { day_usd: 2.5, month_usd: null });
    expect(saved.status).toBe(200);
    expect(BudgetEnvelopeSchema.parse(await saved.json()).data.day).toMatchObject({ limit_usd: 2.5, is_default: false });
    const read = BudgetEnvelopeSchema.parse(await (await getUserBudget(bff.request(`/api/users/${editor}/budget`, { role: "admin" }), params({ id: editor }))).json()).data;
    expect(read.day.limit_usd).toBe(2.5);
    expect(read.month).toMatchObject({ limit_usd: 70, is_default: true });
    await put(editor, { day_usd: null, month_usd: null });
    expect(BudgetEnvelopeSchema.parse(await (await getMyBudget(bff.request("/api/me/budget", { role: "editor" }), params({}))).json()).data.day.is_default).toBe(true);
  });

  it("names a bad limit in a 400, refuses a non-admin (403) and an unknown person (404)", async () => {
    const bad = await put(bff.userIds.editor, { day_usd: -1, month_usd: null });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(ErrorBodySchema.parse(await bad.json()).error.metadata)).toContain("day_usd");
    expect((await put(bff.userIds.editor, { day_usd: 1e9, month_usd: null })).status).toBe(400);
    expect((await put(bff.userIds.editor, { day_usd: 1, month_usd: 1 }, "editor")).status).toBe(403);
    expect((await put("nobody", { day_usd: 1, month_usd: 1 })).status).toBe(404);
  });
});
