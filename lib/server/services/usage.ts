import "server-only";
import { sql, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import type { UsageCall, UsageCallPage, UsageGeneration, UsageCallsQuery, UsageFilter, UsageGroup, UsageReport } from "@/lib/contract/bff/usage";
import { daysBetween, DAY_MS, rangeBounds } from "@/lib/usage/days";
import { appContext } from "../config/app-context";
import type { AppTables } from "../db/app-tables";
import { HttpError } from "../http/errors";
import { generationRecord } from "./generations";

/**
 * The usage console's figures. Aggregates read only `ledger_hourly` (written in each entry's transaction), summed
 * into the viewer's local days in SQL, so a view costs rows of rollups, never a scan of the entries; the table of
 * calls reads `ledger_entries` one keyset page at a time. A non-admin sees only their own spending.
 */

/** Whose spending a request may see: an admin anyone's (or everyone's), anyone else only their own. */
function scopeOf(viewer: SessionUser, requested: string | undefined): string | null {
  if (roleAtLeast(viewer.role, "admin")) return requested ?? null;
  if (requested !== undefined && requested !== viewer.id) {
    throw new HttpError(403, "Only an admin may see another person's spending", { metadata: { field: "user" } });
  }
  return viewer.id;
}

/** `slug` or `slug@version`. */
function presetFilter(value: string | undefined): { slug: string; version: number | null } | null {
  if (value === undefined) return null;
  const at = value.lastIndexOf("@");
  if (at > 0 && /^\d{1,9}$/.test(value.slice(at + 1))) return { slug: value.slice(0, at), version: Number(value.slice(at + 1)) };
  return { slug: value, version: null };
}

type Table = "ledger_hourly" | "ledger_entries";

/** The filter's WHERE on either ledger table (both carry user, hour, feature, model, preset, version). */
function filtered<T extends Table, O>(query: SelectQueryBuilder<AppTables, T, O>, filter: UsageFilter, userId: string | null, time: "hour_ms" | "created_ms" = "hour_ms"): SelectQueryBuilder<AppTables, T, O> {
  const { start, end } = rangeBounds(filter.from, filter.to, filter.tz);
  const preset = presetFilter(filter.preset);
  // Entries by created_ms (their index); days start on whole hours, so that matches the rollups' hour_ms exactly.
  const conditions = [sql`${sql.ref(time)} >= ${start}`, sql`${sql.ref(time)} < ${end}`];
  if (userId !== null) conditions.push(sql`user_id = ${userId}`);
  if (filter.feature) conditions.push(sql`feature = ${filter.feature}`);
  if (filter.model) conditions.push(sql`model = ${filter.model}`);
  if (preset) conditions.push(sql`preset = ${preset.slug}`);
  if (preset && preset.version !== null) conditions.push(sql`preset_version = ${preset.version}`);
  return query.where(sql<SqlBool>`${sql.join(conditions, sql` AND `)}`);
}

interface Sums {
  usd: unknown;
  calls: unknown;
  input_tokens: unknown;
  output_tokens: unknown;
}

const sums = {
  usd: sql<number>`SUM(counted_usd)`.as("usd"),
  calls: sql<number>`SUM(calls)`.as("calls"),
  input_tokens: sql<number>`SUM(input_tokens)`.as("input_tokens"),
  output_tokens: sql<number>`SUM(output_tokens)`.as("output_tokens"),
};

/** PostgreSQL answers SUM of a BIGINT as a numeric string. */
const amounts = (row: Sums) => ({ usd: Number(row.usd ?? 0), calls: Number(row.calls ?? 0), input_tokens: Number(row.input_tokens ?? 0), output_tokens: Number(row.output_tokens ?? 0) });

function addInto(groups: Map<string, UsageGroup>, key: string, label: string, row: ReturnType<typeof amounts>): void {
  const group = groups.get(key) ?? { key, label, usd: 0, calls: 0, input_tokens: 0, output_tokens: 0 };
  group.usd += row.usd;
  group.calls += row.calls;
  group.input_tokens += row.input_tokens;
  group.output_tokens += row.output_tokens;
  groups.set(key, group);
}

const largestFirst = (groups: Map<string, UsageGroup>) => [...groups.values()].sort((a, b) => b.usd - a.usd || a.key.localeCompare(b.key));

export async function readUsageReport(viewer: SessionUser, filter: UsageFilter): Promise<UsageReport> {
  const { db } = await appContext();
  const userId = scopeOf(viewer, filter.user);
  const offsetMs = filter.tz * 3_600_000;
  // Whole hours, so every rollup row falls in exactly one local day: (hour + offset) / day, integer division.
  // Literals, not parameters: PostgreSQL must see the SELECT and GROUP BY expressions as the same one.
  const dayIndex = sql<number>`((hour_ms + ${sql.lit(offsetMs)}) / ${sql.lit(DAY_MS)})`;
  const byDay = await filtered(db.kysely.selectFrom("ledger_hourly").select([dayIndex.as("day_index"), "feature", "model", ...Object.values(sums)]), filter, userId)
    .groupBy([dayIndex, "feature", "model"])
    .execute();
  const byPreset = await filtered(db.kysely.selectFrom("ledger_hourly").select(["preset", "preset_version", ...Object.values(sums)]), filter, userId)
    .groupBy(["preset", "preset_version"])
    .execute();
  const byPerson = roleAtLeast(viewer.role, "admin")
    ? await filtered(db.kysely.selectFrom("ledger_hourly").select(["user_id", ...Object.values(sums)]), filter, userId).groupBy("user_id").execute()
    : null;

  const days = new Map(daysBetween(filter.from, filter.to).map((day) => [day, { day, usd: 0, by_feature: {} as Record<string, number>, by_model: {} as Record<string, number> }]));
  const features = new Map<string, UsageGroup>();
  const models = new Map<string, UsageGroup>();
  const total = { usd: 0, calls: 0, input_tokens: 0, output_tokens: 0 };
  for (const row of byDay) {
    const figures = amounts(row);
    const day = days.get(new Date(Number(row.day_index) * DAY_MS).toISOString().slice(0, 10));
    if (day) {
      day.usd += figures.usd;
      day.by_feature[row.feature] = (day.by_feature[row.feature] ?? 0) + figures.usd;
      day.by_model[row.model] = (day.by_model[row.model] ?? 0) + figures.usd;
    }
    addInto(features, row.feature, row.feature, figures);
    addInto(models, row.model, row.model, figures);
    for (const name of ["usd", "calls", "input_tokens", "output_tokens"] as const) total[name] += figures[name];
  }
  const presets = new Map<string, UsageGroup>();
  for (const row of byPreset) {
    const key = row.preset === "" ? "" : `${row.preset}@${Number(row.preset_version)}`;
    addInto(presets, key, row.preset === "" ? "No preset" : `${row.preset} v${Number(row.preset_version)}`, amounts(row));
  }
  let people: UsageGroup[] | null = null;
  if (byPerson) {
    const ids = byPerson.map((row) => row.user_id);
    const emails = new Map(ids.length ? (await db.kysely.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute()).map((user) => [user.id, user.email]) : []);
    const groups = new Map<string, UsageGroup>();
    for (const row of byPerson) addInto(groups, row.user_id, emails.get(row.user_id) ?? row.user_id, amounts(row));
    people = largestFirst(groups);
  }
  return {
    from: filter.from,
    to: filter.to,
    tz: filter.tz,
    total,
    days: [...days.values()],
    by_model: largestFirst(models),
    by_feature: largestFirst(features),
    by_preset: largestFirst(presets),
    by_person: people,
  };
}

/** Where a call's money was spent, in the app. */
function hrefOf(kind: string, id: string): string | null {
  if (kind === "playground-response") return "/playground";
  if (kind === "evaluation-item") return `/evaluations/runs/${encodeURIComponent(id.split(":")[0] ?? id)}`;
  if (kind === "video-generation") return "/video-models/generations";
  return null;
}

/** The keyset cursor: the last row's time and id, so a page never repeats or skips a call that arrives meanwhile. */
function decodeCursor(cursor: string | undefined): { ms: number; id: string } | null {
  if (cursor === undefined) return null;
  const [ms, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if (!ms || !id || !/^\d{1,16}$/.test(ms)) throw new HttpError(400, "Invalid cursor", { metadata: { field: "cursor" } });
  return { ms: Number(ms), id };
}
const encodeCursor = (ms: number, id: string) => Buffer.from(`${ms}|${id}`, "utf8").toString("base64url");

export async function readUsageCalls(viewer: SessionUser, query: UsageCallsQuery): Promise<UsageCallPage> {
  const { db } = await appContext();
  const userId = scopeOf(viewer, query.user);
  const after = decodeCursor(query.cursor);
  let select = filtered(db.kysely.selectFrom("ledger_entries").selectAll(), query, userId, "created_ms");
  if (after) select = select.where((eb) => eb.or([eb("created_ms", "<", after.ms), eb.and([eb("created_ms", "=", after.ms), eb("id", "<", after.id)])]));
  const rows = await select.orderBy("created_ms", "desc").orderBy("id", "desc").limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  const ids = [...new Set(page.map((row) => row.user_id))];
  const emails = new Map(ids.length ? (await db.kysely.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute()).map((user) => [user.id, user.email]) : []);
  const data: UsageCall[] = page.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    user_email: emails.get(row.user_id) ?? null,
    created_at: new Date(Number(row.created_ms)).toISOString(),
    feature: row.feature,
    model: row.model,
    preset: row.preset === "" ? null : row.preset,
    preset_version: row.preset === "" ? null : Number(row.preset_version),
    subject_kind: row.subject_kind,
    subject_id: row.subject_id,
    href: hrefOf(row.subject_kind, row.subject_id),
    generation_id: row.generation_id,
    input_tokens: row.input_tokens === null ? null : Number(row.input_tokens),
    output_tokens: row.output_tokens === null ? null : Number(row.output_tokens),
    web_searches: row.web_searches === null ? null : Number(row.web_searches),
    reserved_usd: Number(row.reserved_usd),
    settled_usd: row.settled_usd === null ? null : Number(row.settled_usd),
    state: row.state,
  }));
  const last = page.at(-1);
  return { data, next_cursor: rows.length > query.limit && last ? encodeCursor(Number(last.created_ms), last.id) : null };
}

/**
 * The gateway's record of one call on the ledger, for the person it was made for or an admin (404 otherwise, so a
 * call's existence is not disclosed), by the entry's id: its primary key, never a search of the entries.
 */
export async function readCallGeneration(viewer: SessionUser, entryId: string, signal?: AbortSignal): Promise<UsageGeneration> {
  const { db } = await appContext();
  const entry = await db.kysely.selectFrom("ledger_entries").select(["user_id", "generation_id"]).where("id", "=", entryId).executeTakeFirst();
  if (!entry || (entry.user_id !== viewer.id && !roleAtLeast(viewer.role, "admin"))) throw new HttpError(404, `No call ${entryId}`);
  if (!entry.generation_id) throw new HttpError(404, "The gateway named no generation for this call");
  return generationRecord(entry.generation_id, signal);
}
