import { ChatRequestSchema, MESSAGES, PresetListQuerySchema, PresetVersionNumberSchema, SlugSchema } from "@/lib/contract/gateway";
import { extractPresetConfig } from "@/lib/presets/extract-config";
import type { GatewayContext, GatewayCtx, RouteDef } from "../context";
import { isBusyError, isUniqueViolation } from "../db";
import { HttpError, orNotFound } from "../http-error";
import { PresetConflictError } from "../presets-store";
import { parseParam, parseQuery, readJson } from "../request-body";
import { modelRequestBodyLimit } from "./body-limits";

function slugParam(c: GatewayCtx): string {
  return parseParam("slug", SlugSchema, c.req.param("slug"));
}

/**
 * If-Match carries the designated_version_id the client edited (an extension of the contract:
 * the real gateway has no optimistic concurrency). Quotes and a weak prefix are tolerated so an
 * ETag-style value works too; "*" means "the preset must already exist".
 */
function expectedVersion(c: GatewayCtx): string | null {
  const raw = c.req.header("if-match");
  if (raw === undefined || raw.trim() === "") return null;
  return raw.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
}

export function presetRoutes(ctx: GatewayContext): RouteDef[] {
  const workspaceOf = (c: GatewayCtx) => c.get("key").defaultWorkspaceId;
  const findPreset = (c: GatewayCtx) => orNotFound(ctx.presets.get(workspaceOf(c), slugParam(c)));

  return [
    {
      method: "POST",
      path: "/presets/:slug/chat/completions",
      access: "management",
      async handler(c) {
        const slug = slugParam(c);
        const request = await readJson(c.req.raw, modelRequestBodyLimit(ctx.limits.maxJsonBytes), ChatRequestSchema);
        const { config, system_prompt } = extractPresetConfig(request);
        const key = c.get("key");
        // The real gateway saves whatever the caller last read: strict mode ignores If-Match too (and so
        // sends no ETag, which is how the BFF knows the check was not made).
        const expectedVersionId = ctx.strict ? null : expectedVersion(c);
        try {
          const data = ctx.presets.createVersion({
            workspaceId: key.defaultWorkspaceId,
            slug,
            config,
            systemPrompt: system_prompt,
            creatorId: key.userId,
            expectedVersionId,
          });
          // The ETag (the new designated version) tells the caller its If-Match was checked with the write.
          return expectedVersionId === null ? c.json({ data }) : c.json({ data }, 200, { ETag: `"${data.designated_version_id}"` });
        } catch (error) {
          if (error instanceof PresetConflictError) {
            const current = error.current;
            throw new HttpError(
              409,
              MESSAGES.conflict,
              current
                ? { designated_version_id: current.designated_version_id, current_version: current.designated_version }
                : { designated_version_id: null, current_version: null },
            );
          }
          // Another process holding the database, or a racing insert of the same number: the
          // caller may simply retry, which is what 409 says.
          if (isBusyError(error) || isUniqueViolation(error)) throw new HttpError(409, MESSAGES.conflict);
          throw error;
        }
      },
    },
    {
      method: "GET",
      path: "/presets",
      access: "any",
      handler(c) {
        const { offset, limit } = parseQuery(c.req.url, PresetListQuerySchema);
        return c.json(ctx.presets.list(workspaceOf(c), offset, limit));
      },
    },
    {
      method: "GET",
      path: "/presets/:slug",
      access: "any",
      handler(c) {
        return c.json({ data: findPreset(c) });
      },
    },
    {
      method: "GET",
      path: "/presets/:slug/versions",
      access: "any",
      handler(c) {
        const { offset, limit } = parseQuery(c.req.url, PresetListQuerySchema);
        const preset = findPreset(c);
        return c.json(ctx.presets.versions(preset.id, offset, limit));
      },
    },
    {
      method: "GET",
      path: "/presets/:slug/versions/:version",
      access: "any",
      handler(c) {
        const number = parseParam("version", PresetVersionNumberSchema, c.req.param("version"));
        const preset = findPreset(c);
        const version = orNotFound(ctx.presets.version(preset.id, number));
        return c.json({ data: version });
      },
    },
  ];
}
