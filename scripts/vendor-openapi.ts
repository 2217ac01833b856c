/**
 * Copies the part of the real gateway's published OpenAPI that the embedded gateway implements (its
 * operations and every component they reference, transitively) into the project's test fixtures, so
 * the schema test needs no file outside the project. Run it again when the reference changes:
 *   npx tsx scripts/vendor-openapi.ts [path/to/openrouter-openapi.yaml]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** The operations the embedded gateway serves (OpenAPI path template -> methods). */
export const IMPLEMENTED: Readonly<Record<string, readonly string[]>> = {
  "/files": ["get", "post"],
  "/files/{file_id}": ["get", "delete"],
  "/files/{file_id}/content": ["get"],
  "/presets": ["get"],
  "/presets/{slug}": ["get"],
  "/presets/{slug}/chat/completions": ["post"],
  "/presets/{slug}/versions": ["get"],
  "/presets/{slug}/versions/{version}": ["get"],
  "/responses": ["post"],
  "/models": ["get"],
  "/videos": ["post"],
  "/videos/{jobId}": ["get"],
  "/videos/{jobId}/content": ["get"],
  "/videos/models": ["get"],
  "/workspaces": ["get"],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function collectRefs(node: Json, into: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, into));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") into.add(value);
      else collectRefs(value, into);
    }
  }
}

function main() {
  const root = path.resolve(__dirname, "..");
  const source = process.argv[2] ?? path.resolve(root, "..", "shared", "reference", "openrouter-openapi.yaml");
  const spec = parse(readFileSync(source, "utf8")) as { openapi: string; info: Json; paths: Record<string, Record<string, Json>>; components: Record<string, Record<string, Json>> };
  const paths: Record<string, Record<string, Json>> = {};
  for (const [template, methods] of Object.entries(IMPLEMENTED)) {
    const item = spec.paths[template];
    if (!item) throw new Error(`the reference has no path ${template}`);
    paths[template] = Object.fromEntries(methods.map((method) => {
      if (!item[method]) throw new Error(`the reference has no ${method.toUpperCase()} ${template}`);
      return [method, item[method]];
    }));
    if (item.parameters) paths[template].parameters = item.parameters;
  }
  // Follow $refs until no new component appears.
  const components: Record<string, Record<string, Json>> = {};
  const seen = new Set<string>();
  const pending = new Set<string>();
  collectRefs(paths as Json, pending);
  while (pending.size > 0) {
    const ref = pending.values().next().value!;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const match = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
    if (!match) throw new Error(`unsupported $ref ${ref}`);
    const [, kind, name] = match;
    const value = spec.components[kind]?.[name];
    if (value === undefined) throw new Error(`dangling $ref ${ref}`);
    (components[kind] ??= {})[name] = value;
    const found = new Set<string>();
    collectRefs(value, found);
    for (const next of found) if (!seen.has(next)) pending.add(next);
  }
  const out = { openapi: spec.openapi, info: spec.info, paths, components };
  const target = path.join(root, "lib", "embedded-gateway", "testing", "openapi", "openrouter-subset.json");
  writeFileSync(target, `${JSON.stringify(out)}\n`);
  console.log(`wrote ${path.relative(root, target)}: ${Object.keys(paths).length} paths, ${seen.size} components`);
}

if (require.main === module) main();
