import { z } from "zod";
import { PRESET_LIST_DEFAULT_LIMIT, PRESET_LIST_MAX_LIMIT } from "./constants";
import { countedListSchema } from "./counted-list";

/**
 * Preset slug (path parameter of every /presets/{slug} operation).
 *
 * The contract says "URL-safe, minimum length 1". We take URL-safe to mean RFC 3986 unreserved
 * characters (letters, digits, `.`, `_`, `~`, `-`), so a slug never needs percent-encoding and
 * reads the same in a path, a query string and a log line. A slug made only of dots is refused:
 * `.` and `..` are path segments that URL parsers collapse, so /presets/.. would not reach the
 * preset. 128 characters is our own cap to keep URLs and list rows sane.
 */
export const SLUG_PATTERN = /^(?!\.+$)[A-Za-z0-9._~-]+$/;
export const SLUG_MAX_LENGTH = 128;

export const SlugSchema = z
  .string()
  .min(1)
  .max(SLUG_MAX_LENGTH)
  .regex(SLUG_PATTERN, {
    message: "must use only letters, digits, '.', '_', '~' and '-' (and not only dots)",
  });
export type Slug = z.infer<typeof SlugSchema>;

/** Values the reference lists; readers accept any string because the real gateway may add more. */
export const PRESET_STATUSES = ["active", "disabled", "archived"] as const;
export type KnownPresetStatus = (typeof PRESET_STATUSES)[number];
export const PresetStatusSchema = z.string();

/**
 * Readers are tolerant (z.looseObject keeps unknown fields). The contract shows ids as UUIDs and
 * designated_version_id as always set, but the reference allows null for
 * designated_version_id, creator_user_id and workspace_id, so we accept what the real gateway may
 * send and keep ids as plain strings. The reference lists its nullable fields as required, but a
 * gateway that leaves one out (rather than sending null) means the same thing, so every nullable
 * field may also be absent: a reader must not turn a preset into a 502 over it.
 */
export const PresetSchema = z.looseObject({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  status: PresetStatusSchema,
  status_updated_at: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  creator_user_id: z.string().nullish(),
  workspace_id: z.string().nullish(),
  designated_version_id: z.string().nullish(),
});
export type Preset = z.infer<typeof PresetSchema>;

/** Preset config: the stored subset of a chat request (see lib/presets/extract-config.ts). */
export const PresetConfigSchema = z.record(z.string(), z.unknown());
export type PresetConfig = z.infer<typeof PresetConfigSchema>;

export const PresetVersionSchema = z.looseObject({
  id: z.string(),
  preset_id: z.string(),
  version: z.number().int(),
  config: PresetConfigSchema,
  system_prompt: z.string().nullish(),
  creator_id: z.string().nullish(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PresetVersion = z.infer<typeof PresetVersionSchema>;

export const PresetWithDesignatedVersionSchema = PresetSchema.extend({
  designated_version: PresetVersionSchema.nullable(),
});
export type PresetWithDesignatedVersion = z.infer<typeof PresetWithDesignatedVersionSchema>;

/** 200 body of GET /presets/{slug} and POST /presets/{slug}/chat/completions. */
export const PresetEnvelopeSchema = z.looseObject({ data: PresetWithDesignatedVersionSchema });
export type PresetEnvelope = z.infer<typeof PresetEnvelopeSchema>;

/**
 * How a save over an existing version was guarded against a lost update. "verified": the gateway
 * checked If-Match itself, in the same step as the write (it answered with an ETag). "unverified":
 * the gateway did not confirm it (the real one ignores If-Match); only Gatehouse's own check ran
 * just before the write, so a save by another client in between cannot be ruled out.
 */
export const CONFLICT_CHECKS = ["verified", "unverified"] as const;
export type ConflictCheck = (typeof CONFLICT_CHECKS)[number];

/** The BFF's answer to a preset save: the gateway's envelope plus, for a save over a version, its conflict check. */
export const PresetSaveResponseSchema = PresetEnvelopeSchema.extend({
  metadata: z.looseObject({ conflict_check: z.enum(CONFLICT_CHECKS).optional() }).optional(),
});
export type PresetSaveResponse = z.infer<typeof PresetSaveResponseSchema>;

/** 200 body of GET /presets (ordered by most recently updated first). */
export const PresetListResponseSchema = countedListSchema(PresetSchema);
export type PresetListResponse = z.infer<typeof PresetListResponseSchema>;

/** 200 body of GET /presets/{slug}/versions (ordered by version ascending). */
export const PresetVersionListResponseSchema = countedListSchema(PresetVersionSchema);
export type PresetVersionListResponse = z.infer<typeof PresetVersionListResponseSchema>;

/** 200 body of GET /presets/{slug}/versions/{version}. */
export const PresetVersionEnvelopeSchema = z.looseObject({ data: PresetVersionSchema });
export type PresetVersionEnvelope = z.infer<typeof PresetVersionEnvelopeSchema>;

export { PRESET_LIST_DEFAULT_LIMIT, PRESET_LIST_MAX_LIMIT };

/** Query of GET /presets and GET /presets/{slug}/versions; values arrive as strings. */
export const PresetListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PRESET_LIST_MAX_LIMIT).default(PRESET_LIST_DEFAULT_LIMIT),
});
export type PresetListQuery = z.infer<typeof PresetListQuerySchema>;
export type PresetListQueryInput = z.input<typeof PresetListQuerySchema>;

/** Path parameter {version} of GET /presets/{slug}/versions/{version}: numbered from 1. */
export const PresetVersionNumberSchema = z.coerce.number().int().min(1);
