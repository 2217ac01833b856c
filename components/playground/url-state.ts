import { parseAsString } from "nuqs";

/**
 * The playground's URL state: the setup (or its short form, model and prompt). A comparison of two preset
 * versions (`preset`, `versions`) is read by the server page and handed down.
 */
export const playgroundUrlKeys = { setup: parseAsString, model: parseAsString, prompt: parseAsString };

export const URL_OPTIONS = { history: "replace" } as const;
