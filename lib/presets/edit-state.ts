import type { PresetVersion } from "@/lib/contract/gateway";
import { storedPreview, type RequestValues } from "./form-values";

/** An edit in progress, as the save review and the conflict dialog compare it. */
export interface EditState {
  /** The version the edit started from (null: a new preset). */
  base: PresetVersion | null;
  /** The edited request. */
  current: RequestValues;
  /** Config fields of `base`, kept as stored (see storedPreview). */
  storedFields: readonly string[];
}

/** What the gateway would store for the edited request. */
export const storedEdit = ({ current, storedFields }: EditState) => storedPreview(current, storedFields);
