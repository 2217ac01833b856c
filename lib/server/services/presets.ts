import "server-only";
import { z } from "zod";
import { PresetAuditResponseSchema, type PresetAuditEntry, type PresetRowListResponse, type PresetSummary } from "@/lib/contract/bff/schemas";
import {
  PresetEnvelopeSchema,
  SlugSchema,
  PresetListResponseSchema,
  PresetVersionEnvelopeSchema,
  PresetVersionListResponseSchema,
  type Preset,
  type PresetListResponse,
  type PresetVersion,
  type PresetWithDesignatedVersion,
  type ChatRequest,
} from "@/lib/contract/gateway";
import { collectPresetCatalog, collectPresetVersions, type PresetCatalog } from "@/lib/presets/paging";
import { appContext } from "../config/app-context";
import { HttpError } from "../http/errors";
import { proxyJson } from "../upstream/proxy-json";
import { encodeSegment, readUpstreamText, upstreamError, upstreamFetch, upstreamJson, type ReadRequest } from "../upstream/upstream";
import type { GatewayCharge } from "./gateway-charge";

/**
 * The presets' gateway calls, for the /api routes and the server pages alike: each owns its gateway path, the
 * schema it parses with and its charge to the user's limit (one point per gateway call, through the caller's
 * GatewayCharge), so a page's prefetch costs what the same read through /api costs. The only module that
 * spells a preset path of the gateway.
 */

const PRESETS_PATH = "/presets";
const presetPath = (slug: string) => `${PRESETS_PATH}/${encodeSegment(slug)}`;
const versionsPath = (slug: string) => `${presetPath(slug)}/versions`;
const versionPath = (slug: string, version: number) => `${versionsPath(slug)}/${version}`;
/** A save is a chat-completions request against the preset: the gateway stores it as the new version. */
const savePath = (slug: string) => `${presetPath(slug)}/chat/completions`;

/** A slug the route would refuse is not worth a gateway call: the browser gets the route's 400 itself. */
export function isValidSlug(slug: string): boolean {
  return SlugSchema.safeParse(slug).success;
}

/** GET /presets for the route: the gateway's page handed on unchanged (the browser parses it). */
export async function relayPresetPage(charge: GatewayCharge, query: { offset?: number; limit?: number }, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: PRESETS_PATH, query, ...request });
}

/** GET /presets/{slug} for the route, unchanged. */
export async function relayPreset(charge: GatewayCharge, slug: string, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: presetPath(slug), ...request });
}

/** One page of GET /presets/{slug}/versions for the route, unchanged. */
export async function relayPresetVersions(charge: GatewayCharge, slug: string, query: { offset?: number; limit?: number }, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: versionsPath(slug), query, ...request });
}

/** GET /presets/{slug}/versions/{version} for the route, unchanged. */
export async function relayPresetVersion(charge: GatewayCharge, slug: string, version: number, request: ReadRequest = {}): Promise<Response> {
  await charge(1);
  return proxyJson({ method: "GET", path: versionPath(slug, version), ...request });
}

/** One page of GET /presets. */
export async function readPresetPage(charge: GatewayCharge, offset: number, limit: number, request: ReadRequest = {}): Promise<PresetListResponse> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: PRESETS_PATH, query: { offset, limit }, ...request }, PresetListResponseSchema);
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
    const { data } = await upstreamJson({ method: "GET", path: versionsPath(slug), query: { offset, limit }, ...request }, PresetVersionListResponseSchema);
    return data;
  });
}

/** One stored version. */
export async function readPresetVersion(charge: GatewayCharge, slug: string, version: number, request: ReadRequest = {}): Promise<PresetVersion> {
  await charge(1);
  const { data } = await upstreamJson({ method: "GET", path: versionPath(slug, version), ...request }, PresetVersionEnvelopeSchema);
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

/** Who saved which version, newest first, from the dashboard's audit log (no gateway call, no charge). */
export async function readPresetAudit(slug: string): Promise<PresetAuditEntry[]> {
  return (await appContext()).audit.listForPreset(slug);
}

/** The audit log as the browser's query parses it (`presetQueries.audit`), for a page's prefetch. */
export async function readPresetAuditParsed(slug: string): Promise<PresetAuditEntry[]> {
  return PresetAuditResponseSchema.parse({ data: await readPresetAudit(slug) }).data;
}

/**
 * The preset as it is now, for a save's check (null when there is none). Not charged on its own: a save is one
 * point of the user's limit (its route's), whatever checks it makes.
 */
export async function readCurrentPreset(slug: string, signal: AbortSignal): Promise<PresetWithDesignatedVersion | null> {
  const response = await upstreamFetch({ method: "GET", path: presetPath(slug), signal, bodyTimeout: true });
  if (response.status === 404) {
    await response.body?.cancel().catch(() => {});
    return null;
  }
  if (!response.ok) throw await upstreamError(response);
  const text = await readUpstreamText(response);
  const parsed = PresetEnvelopeSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new HttpError(502, "The gateway's answer does not match the expected shape");
  return parsed.data.data;
}

/**
 * Saves `body` as the preset's new version (creating the preset), with the management key. `ifMatch` is passed
 * on (the embedded gateway checks it atomically). Not cancelled with the browser's request: once sent, the
 * gateway may have saved, and a version saved without its audit row is what a save must never leave behind.
 */
export async function writePresetVersion(slug: string, body: ChatRequest, ifMatch: string | null) {
  const headers: Record<string, string> = {};
  if (ifMatch) headers["If-Match"] = ifMatch;
  return upstreamJson({ method: "POST", path: savePath(slug), json: body, headers, key: "management" }, PresetEnvelopeSchema);
}
