import { z } from "zod";
import { FALLBACK_BRANCH_PARAM } from "./errors";

/**
 * A reader for values tagged by `type` where the real gateway may send kinds we do not model
 * (new output items, annotation kinds, stream events). Known kinds are validated strictly by
 * `known`; any other `type` string is accepted as a loose object so the reader keeps it and the
 * UI can ignore it. A value of a known kind that breaks its schema still fails, and the error
 * names the field inside it (the fallback branch marks its issue so the formatter skips it).
 */
export function tolerantByType<T extends z.ZodType>(known: T, knownTypes: readonly string[]) {
  const Other = z.looseObject({
    type: z
      .string()
      .refine((value) => !knownTypes.includes(value), {
        message: "is a known type and must match its schema",
        params: { [FALLBACK_BRANCH_PARAM]: true },
        // Aborting, so zod's union does not pick this branch as "the" error of a known value.
        abort: true,
      }),
  });
  return z.union([known, Other]);
}

/**
 * Options for cross-field refinements: run them even when other fields already failed (zod skips
 * refinements after type errors by default), so one response names every failing field; only
 * skip when the value is not an object at all.
 */
export const EVEN_WITH_OTHER_ISSUES = {
  when: (payload: z.core.ParsePayload) => typeof payload.value === "object" && payload.value !== null,
};

/**
 * What the BFF adds to a catalog list it read entry by entry: how many entries of the gateway's
 * answer did not match the contract and were left out (0 when none).
 */
export const ListReadMetadataSchema = z.looseObject({ skipped: z.number().int().min(0) });
export type ListReadMetadata = z.infer<typeof ListReadMetadataSchema>;

const ListBodySchema = z.looseObject({ data: z.array(z.unknown()) });

/**
 * Reads a `{ data: [...] }` list answer entry by entry, so one entry of a shape the contract does
 * not understand (a model of a newer catalog) costs that entry, not the whole list. Other members
 * of the body are kept. Null when the body itself is not such a list.
 */
export function readListSkipping<T extends z.ZodType>(
  item: T,
  body: unknown,
): { list: Record<string, unknown> & { data: z.output<T>[]; metadata: ListReadMetadata }; skippedIssues: z.core.$ZodIssue[][] } | null {
  const parsed = ListBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const data: z.output<T>[] = [];
  const skippedIssues: z.core.$ZodIssue[][] = [];
  for (const entry of parsed.data.data) {
    const read = item.safeParse(entry);
    if (read.success) data.push(read.data);
    else skippedIssues.push(read.error.issues);
  }
  return { list: { ...parsed.data, data, metadata: { skipped: skippedIssues.length } }, skippedIssues };
}
