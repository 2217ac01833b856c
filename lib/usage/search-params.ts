import { parseAsString, parseAsStringLiteral } from "nuqs";

/** The usage console's URL: range, time zone, the chart's stacking and the filters, so a view is a shareable link. */
export const usageSearchParams = {
  from: parseAsString,
  to: parseAsString,
  /** An IANA time zone name; absent: the browser's. */
  tz: parseAsString,
  stack: parseAsStringLiteral(["feature", "model"] as const).withDefault("feature"),
  feature: parseAsString,
  model: parseAsString,
  preset: parseAsString,
  user: parseAsString,
};
