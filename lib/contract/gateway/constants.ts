/**
 * Values of the contract that pages need at first load, in a module without zod: importing them from
 * `@/lib/gateway` would bring zod and every schema into the page's first-load JavaScript. The schema modules
 * re-export them, so `@/lib/gateway` still offers everything.
 */

export const PRESET_LIST_DEFAULT_LIMIT = 50;
export const PRESET_LIST_MAX_LIMIT = 100;
