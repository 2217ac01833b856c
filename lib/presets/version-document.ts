import { presetDocument } from "./diff";

const EMPTY_DOCUMENT: Record<string, unknown> = {};

/** The comparable document of the version an edit started from; empty for a preset not saved yet. */
export function documentOf(version: Parameters<typeof presetDocument>[0] | null): Record<string, unknown> {
  return version ? presetDocument(version) : EMPTY_DOCUMENT;
}
