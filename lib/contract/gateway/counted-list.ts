import { z } from "zod";

/**
 * The 200 body of a list paged by offset and limit (GET /presets, /presets/{slug}/versions, /workspaces):
 * the page's entries and how many there are in all.
 */
export function countedListSchema<T extends z.ZodType>(entry: T) {
  return z.looseObject({
    data: z.array(entry),
    total_count: z.number().int(),
  });
}
