import { parseAsInteger, parseAsString, parseAsStringLiteral } from "nuqs";

/** The usage console's URL: range, time zone, the chart's stacking and the filters, so a view is a shareable link. */
export const usageSearchParams = {
  from: parseAsString,
  to: parseAsString,
  /** Whole hours from UTC; absent: the browser's. */
  tz: parseAsInteger,
  stack: parseAsStringLiteral(["feature", "model"] as const).withDefault("feature"),
  feature: parseAsString,
  model: parseAsString,
  preset: parseAsString,
  user: parseAsString,
};
