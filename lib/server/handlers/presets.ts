import "server-only";
import { z } from "zod";
import { PRESET_SUMMARIES_MAX } from "@/lib/contract/bff/schemas";
import {
  ChatRequestSchema,
  PresetListQuerySchema,
  PresetVersionNumberSchema,
  SlugSchema,
  type ConflictCheck,
  type PresetWithDesignatedVersion,
} from "@/lib/contract/gateway";
import { appContext } from "../config/app-context";
import { parseQuery, parseWith, readJsonBody } from "../http/body";
import { HttpError, jsonResponse } from "../http/errors";
import { defineRoute, type RouteParams } from "../http/route";
import { routeCharge } from "../services/gateway-charge";
import {
  readCurrentPreset,
  readPresetAudit,
  readPresetRows,
  relayPreset,
  relayPresetPage,
  relayPresetVersion,
  relayPresetVersions,
  summarizePresets,
  writePresetVersion,
} from "../services/presets";
import { withinUserConcurrency } from "../config/user-limits";

type SlugParams = RouteParams<"slug">;
type VersionParams = RouteParams<"slug" | "version">;

function slugFrom(params: SlugParams): string {
  return parseWith(SlugSchema, params.slug, "Invalid preset slug");
}

/** `with=summary` adds each row's version and last author (PresetRowListResponseSchema), for the presets table. */
const PresetListRouteQuerySchema = PresetListQuerySchema.extend({ with: z.enum(["summary"]).optional() });

export const listPresets = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request, user }) => {
  const { with: include, ...query } = parseQuery(request, PresetListRouteQuerySchema);
  if (include !== "summary") return relayPresetPage(routeCharge(user.id), query, { signal: request.signal });
  return jsonResponse(await readPresetRows(routeCharge(user.id), query.offset, query.limit, { signal: request.signal }));
});

const SummariesQuerySchema = z.object({
  slugs: z
    .string()
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(z.array(SlugSchema).min(1).max(PRESET_SUMMARIES_MAX)),
});

/** GET /api/preset-summaries?slugs=a,b: the list's rows when it searches or sorts the whole catalog itself. */
export const listPresetSummaries = defineRoute({ role: "viewer", limit: "gateway" }, async ({ request, user }) => {
  const { slugs } = parseQuery(request, SummariesQuerySchema);
  const data = await summarizePresets(
    routeCharge(user.id),
    slugs.map((slug) => ({ slug })),
    { signal: request.signal },
  );
  return jsonResponse({ data });
});

export const getPreset = defineRoute<SlugParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  return relayPreset(routeCharge(user.id), slug, { signal: request.signal });
});

export const listPresetVersions = defineRoute<SlugParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  const query = parseQuery(request, PresetListQuerySchema);
  return relayPresetVersions(routeCharge(user.id), slug, query, { signal: request.signal });
});

export const getPresetVersion = defineRoute<VersionParams>({ role: "viewer", limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  const version = parseWith(PresetVersionNumberSchema, params.version, "Invalid version number");
  return relayPresetVersion(routeCharge(user.id), slug, version, { signal: request.signal });
});

export const getPresetAudit = defineRoute<SlugParams>({ role: "viewer" }, async ({ params }) => {
  const slug = slugFrom(params);
  return jsonResponse({ data: await readPresetAudit(slug) });
});

/** `"abc"`, `W/"abc"` and `abc` all name version abc; `*` means "whatever is there". */
function parseIfMatch(header: string | null): string | null {
  if (header === null) return null;
  const value = header.trim();
  if (value === "") return null;
  if (value === "*") return "*";
  const unquoted = value.replace(/^W\//, "").replace(/^"(.*)"$/, "$1").trim();
  return unquoted === "" ? null : unquoted;
}

/** The designated version's id; a gateway that leaves designated_version_id out still names it in designated_version. */
function designatedIdOf(preset: PresetWithDesignatedVersion | null): string | null {
  return preset?.designated_version_id ?? preset?.designated_version?.id ?? null;
}

function conflictMetadata(preset: PresetWithDesignatedVersion | null): Record<string, unknown> {
  return {
    current_version: preset?.designated_version ?? null,
    designated_version_id: designatedIdOf(preset),
  };
}

function conflict(slug: string, preset: PresetWithDesignatedVersion | null, why: string): HttpError {
  return new HttpError(409, why, { metadata: conflictMetadata(preset) });
}

const BaseVersionFieldSchema = z.object({ base_version_id: z.string().min(1).max(256).optional() });

/**
 * Saves a new version of a preset (or creates it). The client names the designated version it
 * edited with If-Match (or `base_version_id` in the query); if the preset has moved on since,
 * the answer is 409 with the current version, so no edit silently overwrites another. Creating
 * a preset needs no If-Match; `If-None-Match: *` makes creation fail when the slug exists.
 */
export const savePreset = defineRoute<SlugParams>({ role: "editor", mutating: true, limit: "gateway" }, async ({ request, params, user }) => {
  const slug = slugFrom(params);
  const body = parseWith(ChatRequestSchema, await readJsonBody(request));
  const query = parseQuery(request, BaseVersionFieldSchema);
  const expected = parseIfMatch(request.headers.get("if-match")) ?? query.base_version_id ?? null;
  const createOnly = request.headers.get("if-none-match")?.trim() === "*";

  const { db, audit } = await appContext();
  // Around read-check-write: on this instance and, with PostgreSQL, on every instance sharing the
  // database, so against a gateway that ignores If-Match two saves cannot both pass the check.
  // A user's saves at once are capped (429 past the cap), below the instance's lock holders, so one editor's
  // burst cannot take every holder's slot from everyone else.
  return withinUserConcurrency("preset-saves", user.id, () => db.serialize(`preset-save:${slug}`, async (lockConnection) => {
    const current = await readCurrentPreset(slug, request.signal);
    if (current) {
      if (createOnly) throw conflict(slug, current, `A preset named "${slug}" already exists`);
      if (expected === null) {
        throw new HttpError(428, `Saving over "${slug}" needs If-Match with the designated_version_id you edited`, {
          metadata: conflictMetadata(current),
        });
      }
      if (expected !== "*" && expected !== designatedIdOf(current)) {
        throw conflict(
          slug,
          current,
          `"${slug}" was changed by someone else since you opened it: it is now at version ${current.designated_version?.version ?? "?"}`,
        );
      }
    } else if (expected !== null && expected !== "*") {
      throw conflict(slug, null, `The preset "${slug}" no longer exists`);
    }

    // The embedded gateway checks If-Match atomically (an extension); it closes the window between
    // our check and the write when several Gatehouse instances share one gateway.
    const ifMatch = current && expected && expected !== "*" ? expected : null;
    let saved;
    let upstream: Response;
    try {
      // Not cancelled with the browser's request (see writePresetVersion). The gateway timeout still bounds it.
      ({ data: saved, response: upstream } = await writePresetVersion(slug, body, ifMatch));
    } catch (error) {
      if (error instanceof HttpError && (error.status === 409 || error.status === 412)) {
        const now = await readCurrentPreset(slug, request.signal).catch(() => null);
        throw conflict(slug, now, `"${slug}" was changed by someone else while you saved: it is now at version ${now?.designated_version?.version ?? "?"}`);
      }
      throw error;
    }
    // On the lock's own connection: the row cannot fail for want of a pooled connection now that the gateway has saved.
    await audit.recordPresetWrite(
      {
        slug,
        // The reference lets designated_version be null; the row is still kept, with version 0.
        version: saved.data.designated_version?.version ?? 0,
        versionId: designatedIdOf(saved.data),
        user,
      },
      lockConnection,
    );
    if (!ifMatch) return jsonResponse(saved);
    // A gateway that evaluated If-Match says so with an ETag; one that ignores it (the real one)
    // sends none, and then only our own check above guarded the write.
    const conflictCheck: ConflictCheck = upstream.headers.has("etag") ? "verified" : "unverified";
    return jsonResponse({ ...saved, metadata: { conflict_check: conflictCheck } });
  }));
});
