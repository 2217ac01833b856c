import { presetModel } from "@/lib/presets/preset-model";

/*
 * Links into the playground that pages outside it show at first load (the preset studio's "Try in playground"):
 * kept apart from ./preset-compare, whose request building brings the playground's setup and the contract's
 * schemas with it.
 */

/** Link to the playground with the preset itself (its designated version, applied by the gateway) as the model. */
export function tryPresetHref(slug: string, question?: string): string {
  const params = new URLSearchParams({ model: presetModel(slug) });
  if (question !== undefined) params.set("prompt", question);
  return `/playground?${params}`;
}
