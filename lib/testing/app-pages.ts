import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The app's pages (app/**\/page.tsx) as the URL patterns Next serves them at: route groups such as
 * `(dashboard)` leave no segment, dynamic segments stay as written (`/presets/[slug]`). The smoke test
 * opens every one, so a new page is covered without a list to keep up to date.
 */
export function appPages(appRoot: string, segments: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(appRoot, ...segments), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "api") found.push(...appPages(appRoot, [...segments, entry.name]));
    else if (entry.name === "page.tsx") found.push(`/${segments.filter((segment) => !/^\(.*\)$/.test(segment)).join("/")}`);
  }
  return found.sort();
}

/** Whether a pattern has a dynamic segment, so that opening it needs a record's id. */
export const isDynamicPage = (pattern: string) => pattern.includes("[");
