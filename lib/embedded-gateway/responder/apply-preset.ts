import { SlugSchema, WEB_SEARCH_SHORTHAND_TYPES, WEB_SEARCH_TOOL_TYPE, type ResponsesRequest } from "@/lib/contract/gateway";
import { PRESET_PREFIX } from "@/lib/presets/preset-model";
import type { PresetResponsesFields } from "@/lib/presets/to-responses-request";
import { isRecord } from "@/lib/json/is-record";

/**
 * How POST /responses uses a preset (the rules the folder README documents):
 * - a request names a preset with `"model": "@preset/<slug>"`, with `"model": "<model>@preset/<slug>"`
 *   (the model stays fixed) or with `"preset": "<slug>"` next to an optional model;
 * - the designated version, expanded by presetToResponsesRequest, gives the defaults; a model
 *   `@preset/<slug>@<n>` (or `<model>@preset/<slug>@<n>`) pins version n instead (our extension, so
 *   an evaluation can run an old version without making it the designated one);
 * - every field the request gives (not absent, not null) replaces the preset's whole value:
 *   a shallow merge, so `plugins` or `reasoning` in a request replace the preset's, not blend in;
 * - tools are the exception: united by identity, the preset's first in their order, then the
 *   request's; a request tool with the identity of a preset tool takes that tool's place;
 * - the preset's system prompt is the instructions unless the request gives its own.
 */

export interface PresetReference {
  slug: string;
  /** The request field that named the preset, so errors can point at it. */
  field: "model" | "preset";
  /** A model the request fixes beside the preset; undefined when the preset chooses. */
  model: string | undefined;
  /** The version `@<n>` pins; null for the designated version. */
  version: number | null;
}

/** Most digits of a pinned version number. */
const VERSION_DIGITS = 9;

export class PresetReferenceError extends Error {
  constructor(
    readonly field: "model" | "preset",
    message: string,
  ) {
    super(message);
  }
}

/** Reads which preset, if any, a request names; throws PresetReferenceError on a malformed or contradictory one. */
export function presetReferenceOf(request: Pick<ResponsesRequest, "model" | "preset">): PresetReference | null {
  const model = request.model ?? undefined;
  const named = request.preset ?? undefined;
  const at = model === undefined ? -1 : model.indexOf(PRESET_PREFIX);
  if (model === undefined || at < 0) return named === undefined ? null : { slug: named, field: "preset", model, version: null };
  let slug = model.slice(at + PRESET_PREFIX.length);
  let version: number | null = null;
  // A slug has no "@" (SlugSchema), so the last one can only start a version.
  const versionAt = slug.lastIndexOf("@");
  if (versionAt >= 0) {
    const digits = slug.slice(versionAt + 1);
    if (!/^[1-9][0-9]*$/.test(digits) || digits.length > VERSION_DIGITS) {
      throw new PresetReferenceError("model", `pins a preset version that is not a positive whole number (${JSON.stringify(digits.slice(0, 20))}); write @preset/<slug>@<version>`);
    }
    version = Number(digits);
    slug = slug.slice(0, versionAt);
  }
  if (!SlugSchema.safeParse(slug).success) {
    throw new PresetReferenceError(
      "model",
      `names a preset with an invalid slug (${JSON.stringify(slug)}); a slug uses letters, digits, '.', '_', '~' and '-'`,
    );
  }
  if (named !== undefined && named !== slug) {
    throw new PresetReferenceError("preset", `names preset "${named}" while model names preset "${slug}"; name one preset`);
  }
  const fixed = model.slice(0, at);
  return { slug, field: "model", model: fixed === "" ? undefined : fixed, version };
}

/**
 * A function tool is known by its name, any other tool by its type. The OpenAI-style web search
 * shorthands are the openrouter:web_search tool under another name (the gateway converts them), so
 * they share its identity: otherwise a request could not retune the preset's web search.
 */
function toolIdentity(tool: unknown): string | null {
  if (!isRecord(tool) || typeof tool.type !== "string") return null;
  if (tool.type === "function") return typeof tool.name === "string" ? `function:${tool.name}` : null;
  if ((WEB_SEARCH_SHORTHAND_TYPES as readonly string[]).includes(tool.type)) return WEB_SEARCH_TOOL_TYPE;
  return tool.type;
}

/**
 * The preset's tools in their order, then the request's new ones in theirs. A request tool with
 * the identity of a preset tool replaces it in place: the request wins, as it does for every other
 * field, while the order the preset author chose stays. A second request tool with the same
 * identity is simply appended (duplicates within the request are the caller's to make).
 */
export function uniteTools(presetTools: readonly unknown[], requestTools: readonly unknown[]): unknown[] {
  const out = [...presetTools];
  const slots = new Map<string, number>();
  presetTools.forEach((tool, index) => {
    const identity = toolIdentity(tool);
    if (identity !== null && !slots.has(identity)) slots.set(identity, index);
  });
  for (const tool of requestTools) {
    const identity = toolIdentity(tool);
    const slot = identity === null ? undefined : slots.get(identity);
    if (slot === undefined) {
      out.push(tool);
    } else {
      out[slot] = tool;
      slots.delete(identity!);
    }
  }
  return out;
}

/**
 * The request to answer: the preset's fields, overridden by the request's. A null counts as not
 * given, because typed clients send null for every optional field they leave unset; to switch a
 * preset's setting off, a request sends the explicit opposite (`"instructions": ""`,
 * `"plugins": [{"id": "web", "enabled": false}]`, a larger `max_output_tokens`).
 */
export function applyPreset(request: ResponsesRequest, reference: PresetReference, preset: PresetResponsesFields): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...preset };
  for (const [key, value] of Object.entries(request)) {
    if (key === "preset" || key === "model" || value === undefined || value === null) continue;
    merged[key] = key === "tools" && Array.isArray(value) ? uniteTools(Array.isArray(preset.tools) ? preset.tools : [], value) : value;
  }
  if (reference.model !== undefined) merged.model = reference.model;
  return merged;
}
