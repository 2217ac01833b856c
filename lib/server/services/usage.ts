import "server-only";
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { SessionUser } from "@/lib/contract/bff/schemas";
import { roleAtLeast } from "@/lib/contract/bff/schemas";
import type { UsageCall, UsageCallPage, UsageGeneration, UsageCallsQuery, UsageFilter, UsageGroup, UsageReport } from "@/lib/contract/bff/usage";
import { dayWindows, daysBetween, rangeBounds, type DayWindow } from "@/lib/usage/days";
import { appContext } from "../config/app-context";
import type { AppTables } from "../db/app-tables";
import { HttpError } from "../http/errors";
import { rangePieces, type PieceSource } from "../ledger/range-pieces";
import { rollupTableOf } from "../ledger/rollups";
import { generationRecord } from "./generations";

/**
 * The usage console's figures. Aggregates read the ledger's rollups (written in each entry's transaction: months,
 * days and hours, per person and for the whole team) cut to the viewer's local days, plus the raw entries of the
 * minutes a day's edge leaves (sumLedger), so a view costs hundreds of rollup rows, never a scan of the entries; the
 * table of calls reads `ledger_entries` one keyset page at a time. A non-admin sees only their own spending.
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

type Table = "ledger_entries";

/** The filter's conditions other than time, on either ledger table (both carry user, feature, model, preset, version). */
function dimensionConditions(filter: UsageFilter, userId: string | null): RawBuilder<unknown>[] {
  const preset = presetFilter(filter.preset);
  const conditions: RawBuilder<unknown>[] = [];
  if (userId !== null) conditions.push(sql`user_id = ${userId}`);
  if (filter.feature) conditions.push(sql`feature = ${filter.feature}`);
  if (filter.model) conditions.push(sql`model = ${filter.model}`);
  if (preset) conditions.push(sql`preset = ${preset.slug}`);
  if (preset && preset.version !== null) conditions.push(sql`preset_version = ${preset.version}`);
  return conditions;
}

/** The filter's WHERE on either ledger table, time included (`[start, end)` of the range in the viewer's zone). */
function filtered<T extends Table, O>(query: SelectQueryBuilder<AppTables, T, O>, filter: UsageFilter, userId: string | null, time: "created_ms"): SelectQueryBuilder<AppTables, T, O> {
  const { start, end } = rangeBounds(filter.from, filter.to, filter.tz);
  const conditions = [sql`${sql.ref(time)} >= ${start}`, sql`${sql.ref(time)} < ${end}`, ...dimensionConditions(filter, userId)];
  return query.where(sql<SqlBool>`${sql.join(conditions, sql` AND `)}`);
}

interface Sums {
  usd: unknown;
  calls: unknown;
  input_tokens: unknown;
  output_tokens: unknown;
}

/** What a rollup row sums, and the same figures from raw entries (what each entry counts: ledger/README.md). */
const ROLLUP_SUMS = sql`SUM(counted_usd) AS usd, SUM(calls) AS calls, SUM(input_tokens) AS input_tokens, SUM(output_tokens) AS output_tokens`;
const ENTRY_SUMS = sql`
  SUM(CASE WHEN state = 'released' THEN 0 WHEN state = 'settled' THEN settled_usd ELSE reserved_usd END) AS usd,
  SUM(CASE WHEN state = 'released' THEN 0 ELSE 1 END) AS calls,
  SUM(COALESCE(input_tokens, 0)) AS input_tokens,
  SUM(COALESCE(output_tokens, 0)) AS output_tokens`;

/** PostgreSQL answers SUM of a BIGINT as a numeric string. */
const amounts = (row: Sums) => ({ usd: Number(row.usd ?? 0), calls: Number(row.calls ?? 0), input_tokens: Number(row.input_tokens ?? 0), output_tokens: Number(row.output_tokens ?? 0) });

type Grouped<K extends string> = Sums & Record<K, unknown> & { day_index?: unknown };

/** Where each kind of piece is read from, and its time column: the person's rollups, the team's, or the entries. */
function sourceOf(source: PieceSource, perPerson: boolean): { table: string; time: string; sums: RawBuilder<unknown> } {
  if (source === "entries") return { table: "ledger_entries", time: "created_ms", sums: ENTRY_SUMS };
  const rollup = rollupTableOf(source, perPerson);
  if (!rollup) throw new Error(`No ${perPerson ? "per-person" : "team"} rollup per ${source}`);
  return { table: rollup.table, time: rollup.time, sums: ROLLUP_SUMS };
}

/**
 * The ledger's sums under the filter, grouped by `columns` and by bucket (each local day when `perDay`, else the
 * whole range as bucket 0), exact for any IANA zone. Each bucket is cut into signed pieces (range-pieces.ts): the
 * coarsest rollup rows that cover it, rounded to their nearest boundaries, with the slivers at its ends added or taken
 * away from finer rollups and, inside an hour, the raw entries. A piece two adjacent days share (one's end sliver is
 * the next one's start) is read once. Views of everyone read the team's rollups (no person: a day is tens of rows,
 * not one per person); a person's or "by person" views the per-person ones, which add months. One query per source,
 * the pieces in a VALUES list joined to the rollup by its time index. Numbers spliced as literals are ours (piece
 * bounds), never input. Rows whose every call was taken away again (calls 0) are dropped.
 */
async function sumLedger<K extends string>(filter: UsageFilter, windows: readonly DayWindow[], userId: string | null, columns: readonly K[], perDay: boolean): Promise<Grouped<K>[]> {
  const { db } = await appContext();
  const perPerson = userId !== null || columns.some((column) => column === "user_id");
  const grains = perPerson ? (["month", "day", "hour"] as const) : (["day", "hour"] as const);
  const buckets = perDay ? windows.map((window) => [window.start, window.end] as const) : [[windows[0]!.start, windows.at(-1)!.end] as const];
  const pieces = new Map<string, { id: number; source: PieceSource; from: number; to: number; uses: { bucket: number; sign: 1 | -1 }[] }>();
  buckets.forEach(([from, to], bucket) => {
    for (const piece of rangePieces(from, to, grains)) {
      const name = `${piece.source}|${piece.from}|${piece.to}`;
      const found = pieces.get(name) ?? { id: pieces.size, source: piece.source, from: piece.from, to: piece.to, uses: [] };
      found.uses.push({ bucket, sign: piece.sign });
      pieces.set(name, found);
    }
  });
  const byId = [...pieces.values()];
  const dims = dimensionConditions(filter, userId);
  const lit = (value: number) => sql.lit(value);
  const queries = (["month", "day", "hour", "entries"] as const).flatMap((source) => {
    const ofSource = byId.filter((piece) => piece.source === source);
    if (!ofSource.length) return [];
    const { table, time, sums } = sourceOf(source, perPerson);
    const list = sql`pieces (piece_id, from_ms, to_ms) AS (VALUES ${sql.join(ofSource.map((piece) => sql`(${lit(piece.id)}, ${lit(piece.from)}, ${lit(piece.to)})`))})`;
    const conditions = sql.join([sql`${sql.ref(time)} >= from_ms`, sql`${sql.ref(time)} < to_ms`, ...dims], sql` AND `);
    const groupBy = sql.join([sql.ref("piece_id"), ...columns.map((column) => sql.ref(column))]);
    // Each piece, then its rows by the time index, never the table × every piece: SQLite keeps a CROSS JOIN's order;
    // PostgreSQL needs LATERAL, else it may scan a rollup whole (a month in +05:30 over everyone took 5 s at 5M entries),
    // and OFFSET 0, else it pulls the subquery up into a plain join again.
    const rows =
      db.dialect === "postgres"
        ? sql`pieces CROSS JOIN LATERAL (SELECT * FROM ${sql.table(table)} WHERE ${conditions} OFFSET 0) AS piece_rows`
        : sql`pieces CROSS JOIN ${sql.table(table)} WHERE ${conditions}`;
    return [sql<Grouped<K> & { piece_id: unknown }>`WITH ${list} SELECT ${groupBy}, ${sums} FROM ${rows} GROUP BY ${groupBy}`.execute(db.kysely)];
  });
  const totals = new Map<string, Grouped<K> & { usd: number; calls: number; input_tokens: number; output_tokens: number }>();
  for (const { rows } of await Promise.all(queries)) {
    for (const row of rows) {
      const figures = amounts(row);
      for (const { bucket, sign } of byId[Number(row.piece_id)]!.uses) {
        const name = JSON.stringify([bucket, ...columns.map((column) => row[column])]);
        const total = totals.get(name) ?? { ...(Object.fromEntries(columns.map((column) => [column, row[column]])) as Record<K, unknown>), day_index: bucket, usd: 0, calls: 0, input_tokens: 0, output_tokens: 0 };
        total.usd += sign * figures.usd;
        total.calls += sign * figures.calls;
        total.input_tokens += sign * figures.input_tokens;
        total.output_tokens += sign * figures.output_tokens;
        totals.set(name, total);
      }
    }
  }
  // Sums taken away leave float dust (1e-17) where they cancel: a group with no call left is no group.
  return [...totals.values()].filter((total) => Math.round(total.calls) !== 0).map((total) => ({ ...total, calls: Math.round(total.calls), usd: Math.abs(total.usd) < 1e-12 ? 0 : total.usd }));
}

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
  const windows = dayWindows(filter.from, filter.to, filter.tz);
  const [byDay, byPreset, byPerson] = await Promise.all([
    sumLedger(filter, windows, userId, ["feature", "model"], true),
    sumLedger(filter, windows, userId, ["preset", "preset_version"], false),
    roleAtLeast(viewer.role, "admin") ? sumLedger(filter, windows, userId, ["user_id"], false) : null,
  ]);

  const dayList = daysBetween(filter.from, filter.to);
  const days = dayList.map((day) => ({ day, usd: 0, by_feature: {} as Record<string, number>, by_model: {} as Record<string, number> }));
  const features = new Map<string, UsageGroup>();
  const models = new Map<string, UsageGroup>();
  const total = { usd: 0, calls: 0, input_tokens: 0, output_tokens: 0 };
  for (const row of byDay) {
    const figures = amounts(row);
    const feature = String(row.feature);
    const model = String(row.model);
    const day = days[Number(row.day_index)];
    // A cut hour's entries before the range's first day or after its last are not the range's.
    if (!day) continue;
    day.usd += figures.usd;
    day.by_feature[feature] = (day.by_feature[feature] ?? 0) + figures.usd;
    day.by_model[model] = (day.by_model[model] ?? 0) + figures.usd;
    addInto(features, feature, feature, figures);
    addInto(models, model, model, figures);
    for (const name of ["usd", "calls", "input_tokens", "output_tokens"] as const) total[name] += figures[name];
  }
  const presets = new Map<string, UsageGroup>();
  for (const row of byPreset) {
    const slug = String(row.preset);
    const key = slug === "" ? "" : `${slug}@${Number(row.preset_version)}`;
    addInto(presets, key, slug === "" ? "No preset" : `${slug} v${Number(row.preset_version)}`, amounts(row));
  }
  let people: UsageGroup[] | null = null;
  if (byPerson) {
    const ids = [...new Set(byPerson.map((row) => String(row.user_id)))];
    const emails = new Map(ids.length ? (await db.kysely.selectFrom("users").select(["id", "email"]).where("id", "in", ids).execute()).map((user) => [user.id, user.email]) : []);
    const groups = new Map<string, UsageGroup>();
    for (const row of byPerson) addInto(groups, String(row.user_id), emails.get(String(row.user_id)) ?? String(row.user_id), amounts(row));
    people = largestFirst(groups);
  }
  return {
    from: filter.from,
    to: filter.to,
    tz: filter.tz,
    total,
    days,
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
