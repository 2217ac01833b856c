import type { PresetVersion } from "@/lib/contract/gateway";
import { presetToResponsesRequest, type DroppedConfigField } from "@/lib/presets/to-responses-request";
import { readConversation, serializeSetup, userTurn, type PlaygroundSetup, type RequestDraft } from "./setup";

/*
 * "Compare answers": two versions of one preset, run side by side on the same question. Each
 * column is its version expanded into an explicit responses request (not "@preset/<slug>"), because
 * a request can only name a preset, never pin one of its versions, and a real gateway may not
 * apply presets to POST /responses at all. The link names the preset, the two versions and the
 * question; the columns are rebuilt from the stored versions whenever it is opened.
 */

/**
 * Used when the link has no question. The embedded gateway's search corpus has many sources on
 * it, on several hosts, so search settings (how many results, which domains) show in the citations.
 */
export const COMPARE_DEFAULT_QUESTION = "What is keyset pagination?";

export interface VersionPair {
  from: number;
  to: number;
}

/** Link to the playground comparing two versions of a preset on one question. */
export function compareAnswersHref({ slug, from, to, question }: { slug: string; from: number; to: number; question?: string }): string {
  const params = new URLSearchParams({ preset: slug, versions: `${from}..${to}` });
  if (question !== undefined) params.set("prompt", question);
  return `/playground?${params}`;
}

export { tryPresetHref } from "./preset-links";

/** One version as the request of a column, asking `question`. */
export function versionRequest(version: Pick<PresetVersion, "config" | "system_prompt">, question: string): { request: RequestDraft; dropped: DroppedConfigField[] } {
  const { fields, dropped } = presetToResponsesRequest(version);
  return { request: { ...fields, input: [userTurn(question)] }, dropped };
}

/**
 * The playground setup of a comparison: column A is `from`, column B is `to`. Only the
 * conversation is kept in sync, so the question is edited once for both while each column keeps
 * its own version's search and output settings (syncing those would erase the difference).
 */
export function presetCompareSetup(
  from: Pick<PresetVersion, "config" | "system_prompt" | "version">,
  to: Pick<PresetVersion, "config" | "system_prompt" | "version">,
  question: string,
): PlaygroundSetup {
  return {
    columns: [
      { id: "a", label: `v${from.version}`, request: versionRequest(from, question).request },
      { id: "b", label: `v${to.version}`, request: versionRequest(to, question).request },
    ],
    sync: { conversation: true, search: false, output: false },
  };
}

/** The question every column asks, when each has exactly one user turn and they agree; else null. */
export function sharedQuestion(setup: PlaygroundSetup): string | null {
  let question: string | null = null;
  for (const column of setup.columns) {
    const turns = readConversation(column.request);
    if (turns.length !== 1 || turns[0].role !== "user") return null;
    if (question !== null && turns[0].text !== question) return null;
    question = turns[0].text;
  }
  return question;
}

/**
 * What the URL should hold after an edit of a comparison. An edit that only changed the shared
 * question keeps the short link (preset, versions, question); any other edit (a setting, a column
 * added) stores the whole setup, and the comparison's versions stay in the link beside it.
 */
export function compareEditToParams(
  next: PlaygroundSetup,
  from: Pick<PresetVersion, "config" | "system_prompt" | "version">,
  to: Pick<PresetVersion, "config" | "system_prompt" | "version">,
): { prompt: string } | { setup: string } {
  const question = sharedQuestion(next);
  if (question !== null && serializeSetup(presetCompareSetup(from, to, question)) === serializeSetup(next)) return { prompt: question };
  return { setup: serializeSetup(next) };
}
