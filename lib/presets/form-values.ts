import type { ChatRequest, PresetVersion } from "@/lib/contract/gateway";
import { extractPresetConfig, type ExtractedPresetConfig } from "./extract-config";
import { isRecord } from "@/lib/json/is-record";

/**
 * Conversions between what the preset editor holds (a chat request, as the gateway's POST takes it)
 * and what a preset version stores (config + system_prompt).
 */

export type RequestValues = Record<string, unknown>;

/**
 * Drops what a form leaves behind when a field is cleared: undefined members, NaN from an emptied
 * number input, and objects whose every member was cleared (a `reasoning: {effort: undefined}`
 * means "no reasoning settings", not an empty object). An object that was empty to begin with is
 * kept, because someone typed `{}` on purpose.
 */
function pruneValue(value: unknown): unknown {
  if (typeof value === "number" && Number.isNaN(value)) return undefined;
  if (Array.isArray(value)) return value.map((item) => pruneValue(item) ?? null);
  if (isRecord(value)) {
    const keys = Object.keys(value);
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const pruned = pruneValue(value[key]);
      if (pruned !== undefined) out[key] = pruned;
    }
    return keys.length > 0 && Object.keys(out).length === 0 ? undefined : out;
  }
  return value;
}

/**
 * Lists the editor manages as rows hold [] for "none". For these an empty list and an absent field
 * mean the same to the gateway (no tools, no plugins), and stop_server_tools_when refuses [].
 */
const EMPTY_MEANS_ABSENT = ["tools", "plugins", "stop_server_tools_when"] as const;

export function pruneRequest(values: unknown): RequestValues {
  const pruned = pruneValue(values);
  if (!isRecord(pruned)) return {};
  for (const key of EMPTY_MEANS_ABSENT) {
    const value = pruned[key];
    if (Array.isArray(value) && value.length === 0) delete pruned[key];
  }
  return pruned;
}

/**
 * The chat request that recreates a stored version: its config plus one system message carrying the
 * system prompt (extraction turns system messages back into exactly that prompt).
 */
export function versionToRequest(version: Pick<PresetVersion, "config" | "system_prompt">): RequestValues {
  const { messages: _ignored, ...config } = version.config as Record<string, unknown>;
  void _ignored;
  return { ...config, messages: [{ role: "system", content: version.system_prompt ?? "" }] };
}

/** A fresh preset's request: a model and an empty system prompt. */
export function newPresetRequest(model: string): RequestValues {
  return { model, messages: [{ role: "system", content: "" }] };
}

/**
 * What the gateway stores for this request (contract 4.1 rule 1), computed exactly as it does.
 * `storedFields`: the config fields of the version being edited, which count as stored even when
 * our list does not know them (see extractPresetConfig).
 */
export function storedPreview(values: unknown, storedFields: Iterable<string> = []): ExtractedPresetConfig {
  const request = pruneRequest(values);
  const messages = Array.isArray(request.messages) ? request.messages : [];
  // The preview is shown while the form may still be invalid; extraction only reads roles and text.
  return extractPresetConfig({ ...request, messages } as ChatRequest, storedFields);
}

/** The config fields a stored version carries (what storedPreview should keep treating as config). */
export function storedFieldsOf(version: Pick<PresetVersion, "config"> | null): string[] {
  return version ? Object.keys(version.config) : [];
}
