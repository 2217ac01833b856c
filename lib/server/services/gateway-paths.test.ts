import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every gateway path is spelled once, in lib/server/services/ (issue 26): a route handler, a page or any other
 * module that wants the gateway calls a service. This scans the source of lib/ and app/ for string and template
 * literals that start with one of the gateway's resource roots and fails on any outside the services, and on any
 * the services spell twice.
 */

const ROOT = path.resolve(__dirname, "../../..");
const SERVICES = "lib/server/services/";

/** The gateway's resources the BFF calls (GATEWAY_URL + these); a new one belongs in this list. */
const GATEWAY_ROOTS = ["presets", "files", "models", "workspaces", "videos", "responses", "chat", "credits", "keys"];
const LITERAL = new RegExp(`(["'\`])(/(?:${GATEWAY_ROOTS.join("|")})(?:[/?][^"'\`]*|\\$\\{[^"'\`]*)?)(?=["'\`])`, "g");

/**
 * Not the BFF calling the gateway:
 * - lib/embedded-gateway/ is the stand-in gateway: it serves these paths.
 * - lib/snippets/ writes code samples for the user's own programs, shown on screen; nothing there calls out.
 * - testing/ and test-fixtures/ folders and tests: test servers and recorded examples.
 */
const NOT_CALLERS = [/^lib\/embedded-gateway\//, /^lib\/snippets\//, /(^|\/)testing\//, /(^|\/)test-fixtures\//, /\.test\.tsx?$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(name) ? [relative] : [];
  });
}

/** Comments may name gateway paths ("GET /presets/{slug}") freely: only code counts. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** The dashboard's own pages ("/presets", "/files"): a link or redirect to one is not a gateway call. */
const PAGE_ROUTES = new Set(
  sourceFiles("app")
    .filter((file) => file.endsWith("/page.tsx"))
    .map((file) => `/${file.replace(/^app\//, "").replace(/\/?page\.tsx$/, "").split("/").filter((part) => !/^\(.*\)$/.test(part)).join("/")}`),
);

export interface Spelling {
  file: string;
  literal: string;
}

/** The gateway path literals in `files`' code, outside the modules that do not call the gateway. */
export function gatewayPathLiterals(files: ReadonlyArray<{ file: string; source: string }>): Spelling[] {
  return files.flatMap(({ file, source }) => {
    if (NOT_CALLERS.some((pattern) => pattern.test(file))) return [];
    return [...withoutComments(source).matchAll(LITERAL)]
      .map((match) => ({ file, literal: match[2] }))
      .filter(({ file: at, literal }) => at.startsWith("lib/server/") || !PAGE_ROUTES.has(literal));
  });
}

function codebase() {
  return [...sourceFiles("lib"), ...sourceFiles("app")].map((file) => ({ file, source: readFileSync(path.join(ROOT, file), "utf8") }));
}

describe("gateway paths are spelled once, in the services", () => {
  const spellings = gatewayPathLiterals(codebase());

  it("no module outside lib/server/services spells a gateway path", () => {
    expect(spellings.filter(({ file }) => !file.startsWith(SERVICES))).toEqual([]);
  });

  it("no gateway path is spelled twice in the services", () => {
    const inServices = spellings.filter(({ file }) => file.startsWith(SERVICES)).map(({ literal }) => literal);
    const twice = inServices.filter((literal, i) => inServices.indexOf(literal) !== i);
    expect(twice).toEqual([]);
    // The scan does see them: a scan that finds nothing would pass the test above with any code.
    expect(inServices).toEqual(expect.arrayContaining(["/presets", "/files", "/models", "/workspaces", "/videos/models", "/videos", "/responses"]));
  });

  it("finds a handler that calls the gateway itself, and lets a page link and a comment through", () => {
    const found = gatewayPathLiterals([
      { file: "lib/server/handlers/presets.ts", source: 'proxyJson({ method: "GET", path: `/presets/${encodeSegment(slug)}` });' },
      { file: "app/page.tsx", source: 'redirect("/presets"); // GET /files/{id}' },
      { file: "lib/client/queries/files.ts", source: 'apiFetch("/api/files?limit=10")' },
    ]);
    expect(found).toEqual([{ file: "lib/server/handlers/presets.ts", literal: "/presets/${encodeSegment(slug)}" }]);
  });
});
