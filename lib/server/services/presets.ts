import "server-only";
import { z } from "zod";
import type { PresetRowListResponse, PresetSummary } from "@/lib/contract/bff/schemas";
import {
  PresetEnvelopeSchema,
  PresetListResponseSchema,
  PresetVersionEnvelopeSchema,
  PresetVersionListResponseSchema,
  type Preset,
  type PresetListResponse,
  type PresetVersion,
  type PresetWithDesignatedVersion,
} from "@/lib/contract/gateway";
import { collectPresetCatalog, collectPresetVersions, type PresetCatalog } from "@/lib/presets/paging";
import { appContext } from "../config/app-context";
import { HttpError } from "../http/errors";
import { encodeSegment, upstreamJson, type UpstreamRequest } from "../upstream/upstream";
import type { GatewayCharge } from "./gateway-charge";

/**
 * The presets' reads from the gateway, for the /api routes and the server pages alike: each owns its gateway
 * path, the schema it parses with and its charge to the user's limit (one point per gateway call, through the
 * caller's GatewayCharge), so a page's prefetch costs what the same read through /api costs.
 */

export type ReadRequest = Pick<UpstreamRequest, "signal" | "timeoutMs">;

const presetPath = (slug: string) => `/presets/${encodeSegment(slug)}`;

/** One page of GET /presets. */
export async function readPresetPage(charge: GatewayCharge, offset: number, limit: number, request: ReadRequest = {}): Promise<PresetListResponse> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: "/presets", query: { offset, limit }, ...request }, PresetListResponseSchema);
  return data;
}

/** Every preset up to the cap, one charged gateway page after another. */
export function readPresetCatalog(charge: GatewayCharge, request: ReadRequest = {}): Promise<PresetCatalog> {
  return collectPresetCatalog((offset, limit) => readPresetPage(charge, offset, limit, request));
}

/** One preset with its designated version. */
export async function readPreset(charge: GatewayCharge, slug: string, request: ReadRequest = {}): Promise<PresetWithDesignatedVersion> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: presetPath(slug), ...request }, PresetEnvelopeSchema);
  return data.data;
}

/** All versions of a preset, oldest first, one charged gateway page after another. */
export function readPresetVersions(charge: GatewayCharge, slug: string, request: ReadRequest = {}): Promise<PresetVersion[]> {
  return collectPresetVersions(async (offset, limit) => {
    await charge(1);
    const { data } = await upstreamJson({ method: "GET", path: `${presetPath(slug)}/versions`, query: { offset, limit }, ...request }, PresetVersionListResponseSchema);
    return data;
  });
}

/** One stored version. */
export async function readPresetVersion(charge: GatewayCharge, slug: string, version: number, request: ReadRequest = {}): Promise<PresetVersion> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: `${presetPath(slug)}/versions/${version}`, ...request }, PresetVersionEnvelopeSchema);
  return data.data;
}

/** Only the designated version's number is read from a preset's detail: no need to check its whole config. */
const DesignatedVersionNumberSchema = z.looseObject({
  data: z.looseObject({ designated_version: z.looseObject({ version: z.number().int() }).nullish() }),
});

async function designatedVersionNumber(slug: string, request: ReadRequest): Promise<Pick<PresetSummary, "version" | "version_unavailable">> {
  try {
    const { data } = await upstreamJson({ method: "GET", path: presetPath(slug), signal: request.signal, timeoutMs: request.timeoutMs }, DesignatedVersionNumberSchema);
    return { version: data.data.designated_version?.version ?? null };
  } catch (error) {
    if (error instanceof HttpError && error.status === 499) throw error;
    // Deleted since the list was read: no version. Anything else: the row says it could not tell.
    if (error instanceof HttpError && error.status === 404) return { version: null };
    return { version: null, version_unavailable: true };
  }
}

/**
 * Each preset's designated version number and last Gatehouse author, for the presets list: one audit query,
 * then at most one round of gateway reads, all at once (charged together before they start). A row whose
 * designated version is the one the audit log recorded (the usual case for presets saved here) needs no read at
 * all. `presets` without a designated_version_id (only slugs known) are always read.
 */
export async function summarizePresets(
  charge: GatewayCharge,
  presets: ReadonlyArray<Pick<Preset, "slug" | "designated_version_id">>,
  request: ReadRequest = {},
): Promise<PresetSummary[]> {
  const authors = await (await appContext()).audit.lastAuthors(presets.map((preset) => preset.slug));
  const known = (preset: Pick<Preset, "slug" | "designated_version_id">) => {
    const last = authors.get(preset.slug);
    return last && last.version_id !== null && last.version_id === preset.designated_version_id ? last.version : undefined;
  };
  const reads = presets.filter((preset) => known(preset) === undefined).length;
  if (reads > 0) await charge(reads);
  return Promise.all(
    presets.map(async (preset) => {
      const last = authors.get(preset.slug) ?? null;
      const version = known(preset);
      return { slug: preset.slug, ...(version !== undefined ? { version } : await designatedVersionNumber(preset.slug, request)), last_saved_by: last };
    }),
  );
}

/** One page of GET /presets with each row's summary: two gateway round trips at most, whatever the page size. */
export async function readPresetRows(charge: GatewayCharge, offset: number, limit: number, request: ReadRequest = {}): Promise<PresetRowListResponse> {
  const page = await readPresetPage(charge, offset, limit, request);
  const summaries = await summarizePresets(charge, page.data, request);
  return { ...page, data: page.data.map((preset, i) => ({ ...preset, summary: summaries[i] })) };
}
