import type { PresetSaveResponse } from "@/lib/contract/gateway";

/** Said after a save the gateway could not guard against another client's save in between. */
const UNVERIFIED_SAVE_NOTE = "This gateway could not confirm nobody else saved in between.";

/** The sentence a save's notice ends with: the caveat when its conflict check is unverified, else nothing. */
export function saveCheckNote(response: Pick<PresetSaveResponse, "metadata">): string {
  return response.metadata?.conflict_check === "unverified" ? ` ${UNVERIFIED_SAVE_NOTE}` : "";
}
