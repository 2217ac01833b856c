import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageCallPageSchema, UsageReportEnvelopeSchema, type UsageReport } from "@/lib/contract/bff/usage";
import type { Role } from "@/lib/contract/bff/schemas";
import { ErrorBodySchema } from "@/lib/contract/gateway";
import { rangeBounds } from "@/lib/usage/days";
import { appContext } from "../config/app-context";
import type { LedgerFeature } from "../ledger/ledger";
import { params, setUpBff, type BffTestEnv } from "../testing/test-support";
import { getUsage, getUsageCalls } from "./usage";

const HOUR = 3_600_000;
/** 2026-03-01T00:00Z: the seeded calls fall in the days around it. */
const T0 = Date.parse("2026-03-01T00:00:00Z");

interface Seeded {
  userId: string;
  at: number;
  feature: LedgerFeature;
  model: string;
  preset: string | null;
  cost: number | null;
  reserve: number;
}

async function seed(bff: BffTestEnv): Promise<Seeded[]> {
  const { ledger } = await appContext();
  const seeded: Seeded[] = [];
  const people = [bff.userIds.admin, bff.userIds.editor, bff.userIds.viewer];
  const features: LedgerFeature[] = ["playground", "evaluation-item", "video", "preset-try"];
  // Calls every 5 hours over 15 days, across people, features, models and presets; some settle, some stay open.
  // Then calls a few minutes either side of the half-hour zones' midnights (Asia/Kolkata 18:30 UTC, Asia/Kathmandu
  // 18:15 UTC, Pacific/Chatham 11:15 UTC in March), which cut a UTC hour, so the rollups alone cannot place them.
  const times = Array.from({ length: 72 }, (_, index) => T0 - 2 * 24 * HOUR + index * 5 * HOUR + 17 * 60_000);
  for (let day = -2; day < 12; day += 3) {
    for (const minute of [18 * 60 + 10, 18 * 60 + 20, 18 * 60 + 29, 18 * 60 + 31, 18 * 60 + 44, 18 * 60 + 46, 11 * 60 + 14, 11 * 60 + 16]) times.push(T0 + day * 24 * HOUR + minute * 60_000);
  }
  for (const [index, at] of times.entries()) {
    const entry: Seeded = {
      userId: people[index % 3]!,
      at,
      feature: features[index % 4]!,
      model: index % 2 ? "openai/gpt-4o" : "anthropic/claude",
      preset: index % 5 === 0 ? "support" : null,
      cost: index % 7 === 0 ? null : 0.01 * (index + 1),
      reserve: 0.5,
    };
    const ref = await ledger.reserve({
      userId: entry.userId,
      feature: entry.feature,
      model: entry.model,
      preset: entry.preset ? { slug: entry.preset, version: 2 } : null,
      subject: { kind: entry.feature === "evaluation-item" ? "evaluation-item" : "playground-response", id: `run-${index}:0` },
      reserveUsd: entry.reserve,
      at: entry.at,
    });
    if (entry.cost !== null) await ledger.settle(ref.id, { costUsd: entry.cost, generationId: `gen-${index}`, inputTokens: 10, outputTokens: 5, at: entry.at });
    seeded.push(entry);
  }
  return seeded;
}

const counted = (entry: Seeded) => entry.cost ?? entry.reserve;

function describeOn(database: "sqlite" | "postgres") {
  describe(`usage console API (${database})`, () => {
    let bff: BffTestEnv;
    let seeded: Seeded[];
    beforeAll(async () => {
      bff = await setUpBff({ baseUrl: "http://127.0.0.1:9", apiKey: "k" }, { MODEL_MAX_COST_PER_DAY_USD: "1000", MODEL_MAX_COST_PER_MONTH_USD: "10000" }, { database });
      seeded = await seed(bff);
    }, 120_000);
    afterAll(() => bff.cleanup());

    const report = async (query: string, role: Role | null = "admin") => getUsage(bff.request(`/api/usage?${query}`, { role }), params({}));
    const reportOf = async (query: string, role: Role = "admin"): Promise<UsageReport> => {
      const response = await report(query, role);
      expect(response.status).toBe(200);
      return UsageReportEnvelopeSchema.parse(await response.json()).data;
    };

    it("sums the whole range by day, feature, model, preset and person, matching the entries", async () => {
      const data = await reportOf("from=2026-02-27&to=2026-03-14&tz=UTC");
      const expected = seeded.reduce((sum, entry) => sum + counted(entry), 0);
      expect(data.total.usd).toBeCloseTo(expected, 9);
      expect(data.total.calls).toBe(seeded.length);
      expect(data.days).toHaveLength(16);
      expect(data.days.reduce((sum, day) => sum + day.usd, 0)).toBeCloseTo(expected, 9);
      expect(data.by_feature.map((group) => group.key).sort()).toEqual(["evaluation-item", "playground", "preset-try", "video"]);
      expect(data.by_preset.find((group) => group.key === "support@2")?.calls).toBe(seeded.filter((entry) => entry.preset).length);
      expect(data.by_person?.find((group) => group.key === bff.userIds.editor)?.label).toBe("editor@test.local");
    });

    it("shows a non-admin only their own spending, and refuses another person's (403)", async () => {
      const own = await reportOf("from=2026-02-27&to=2026-03-14", "editor");
      const expected = seeded.filter((entry) => entry.userId === bff.userIds.editor).reduce((sum, entry) => sum + counted(entry), 0);
      expect(own.total.usd).toBeCloseTo(expected, 9);
      expect(own.by_person).toBeNull();
      expect((await report(`from=2026-02-27&to=2026-03-14&user=${bff.userIds.admin}`, "editor")).status).toBe(403);
      const calls = UsageCallPageSchema.parse(await (await getUsageCalls(bff.request("/api/usage/calls?from=2026-02-27&to=2026-03-14&limit=200", { role: "viewer" }), params({}))).json());
      expect(calls.data.length).toBe(seeded.filter((entry) => entry.userId === bff.userIds.viewer).length);
      expect(new Set(calls.data.map((call) => call.user_id))).toEqual(new Set([bff.userIds.viewer]));
      expect((await getUsageCalls(bff.request(`/api/usage/calls?from=2026-02-27&to=2026-03-14&user=${bff.userIds.admin}`, { role: "viewer" }), params({}))).status).toBe(403);
      expect((await report("from=2026-02-27&to=2026-03-14", null)).status).toBe(401);
    });

    it("answers bad input with a 400 naming the field, and bounds the range", async () => {
      for (const [query, field] of [
        ["from=2026-02-30&to=2026-03-01", "from"],
        ["from=2026-03-01&to=2026-02-01", "to"],
        ["from=2025-01-01&to=2026-03-01", "to"],
        ["from=2026-03-01&to=2026-03-02&tz=Mars%2FOlympus", "tz"],
        ["from=2026-03-01&to=2026-03-02&tz=%2B05%3A30", "tz"],
        ["from=2026-03-01&to=2026-03-02&tz=5", "tz"],
        ["from=2026-03-01&to=2026-03-02&feature=nope", "feature"],
        ["to=2026-03-02", "from"],
      ] as const) {
        const response = await report(query);
        expect(response.status, query).toBe(400);
        expect(JSON.stringify(ErrorBodySchema.parse(await response.json()).error.metadata), query).toContain(field);
      }
      const badCursor = await getUsageCalls(bff.request("/api/usage/calls?from=2026-02-27&to=2026-03-14&cursor=zzz", { role: "admin" }), params({}));
      expect(badCursor.status).toBe(400);
      expect((await getUsageCalls(bff.request("/api/usage/calls?from=2026-02-27&to=2026-03-14&limit=201", { role: "admin" }), params({}))).status).toBe(400);
    });

    it("pages the calls by cursor without repeats or gaps, each linking back to where it was spent", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/usage/calls?from=2026-02-27&to=2026-03-14&limit=7${cursor ? `&cursor=${cursor}` : ""}`;
        const page = UsageCallPageSchema.parse(await (await getUsageCalls(bff.request(query, { role: "admin" }), params({}))).json());
        seen.push(...page.data.map((call) => call.id));
        if (page.data[0]?.feature === "evaluation-item") expect(page.data[0].href).toMatch(/^\/evaluations\/runs\/run-\d+$/);
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(seeded.length);
      expect(new Set(seen).size).toBe(seeded.length);
    });

    it("property: for any filter, range and IANA time zone, the chart's days sum the matching entries, each in its own local day", async () => {
      const day = (offset: number) => new Date(T0 + offset * 24 * HOUR).toISOString().slice(0, 10);
      // The oracle's local date comes from the runtime's own formatting, not from lib/usage/days.
      const localDate = (at: number, zone: string) => new Date(at).toLocaleDateString("sv-SE", { timeZone: zone });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: -4, max: 10 }),
          fc.integer({ min: 0, max: 6 }),
          // New York changes to DST on 2026-03-08 (a 23-hour day); +05:30, +05:45, +12:45/+13:45, +14, -12.
          fc.constantFrom("UTC", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Kiritimati", "Etc/GMT+12", "Europe/Paris"),
          fc.option(fc.constantFrom<LedgerFeature>("playground", "evaluation-item", "video", "preset-try"), { nil: undefined }),
          fc.option(fc.constantFrom("openai/gpt-4o", "anthropic/claude"), { nil: undefined }),
          fc.option(fc.constantFrom("support", "support@2", "support@3"), { nil: undefined }),
          async (start, length, tz, feature, model, preset) => {
            const from = day(start);
            const to = day(start + length);
            const query = new URLSearchParams({ from, to, tz, ...(feature ? { feature } : {}), ...(model ? { model } : {}), ...(preset ? { preset } : {}) });
            const data = await reportOf(query.toString());
            const { start: startMs, end: endMs } = rangeBounds(from, to, tz);
            expect(localDate(startMs, tz)).toBe(from);
            expect(localDate(startMs - 60_000, tz) < from).toBe(true);
            const matching = seeded.filter(
              (entry) =>
                entry.at >= startMs &&
                entry.at < endMs &&
                (!feature || entry.feature === feature) &&
                (!model || entry.model === model) &&
                (!preset || (preset === "support@3" ? false : entry.preset === "support")),
            );
            // Each entry in exactly its local day (no day counted twice: the days' sum is the range's total).
            const perDay = new Map<string, number>();
            for (const entry of matching) {
              const local = localDate(entry.at, tz);
              expect(local >= from && local <= to, `${local} in ${from}..${to} ${tz}`).toBe(true);
              perDay.set(local, (perDay.get(local) ?? 0) + counted(entry));
            }
            for (const shown of data.days) expect(shown.usd, `${shown.day} ${query}`).toBeCloseTo(perDay.get(shown.day) ?? 0, 9);
            expect(data.days.reduce((sum, shown) => sum + shown.usd, 0)).toBeCloseTo(data.total.usd, 9);
            expect(data.total.usd).toBeCloseTo(matching.reduce((sum, entry) => sum + counted(entry), 0), 9);
            expect(data.total.calls).toBe(matching.length);
          },
        ),
        {
          numRuns: 40,
          // Always: the DST change in New York, and the +05:30 and +05:45 zones over days with calls near midnight.
          examples: [
            [6, 3, "America/New_York", undefined, undefined, undefined],
            [-2, 6, "Asia/Kolkata", undefined, undefined, undefined],
            [-2, 6, "Asia/Kathmandu", undefined, undefined, undefined],
            [1, 5, "Pacific/Chatham", "playground", undefined, undefined],
          ],
        },
      );
    }, 120_000);
  });
}

describeOn("sqlite");
describeOn("postgres");
