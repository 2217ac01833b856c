/**
 * Gatehouse's layers, checked by `npm run lint` (the `lint:layers` script). README.md ("Architecture") says the
 * same in prose; change both together.
 *
 *   app/            routes, pages, route handlers, server actions: the top; only app/ imports it (client
 *                   components may import server actions from app/**\/actions.ts)
 *   components/     React components, one folder per feature; a feature imports components/ui and itself only
 *   lib/client/     browser code: the BFF client, queries/ (every BFF call, reads and writes), hooks/ (generic React
 *                   hooks any feature may use: the home the feature rule below leaves for them), stores, the
 *                   signed-in user's context
 *   lib/server/     the BFF's server side, in tiers: handlers/ (route adapters) over services/ (one per feature)
 *                   over upstream/ (the gateway client), db/, auth/, http/, config/, video-generation/
 *   lib/embedded-gateway/ the stand-in gateway (a second service); lib/sqlite/ storage helpers for both
 *   lib/contract/   the wire: gateway/ (the gateway's contract) and bff/ (the BFF's shapes), zod; the bottom
 *   lib/*           the rest of lib/ is shared by both sides: parsing, formatting, pure feature logic
 *   testing/        folders named testing/ (lib/testing, lib/server/testing, ...) hold test servers and
 *                   helpers: only tests, benches, scripts and e2e import them
 *
 * Tests are exempt from the client/server rules: a component's or a parser's test may start a gateway.
 */

/** Test files, and the test-fixtures/ folders only tests may import (so fixtures may read the gateway's test data too). */
const TESTS = "(\\.test\\.tsx?$|/test-fixtures/)";
/** Test support folders: test servers and helpers. */
const TESTING = "(^|/)testing/";
const SERVER_SIDE = "^lib/(server|embedded-gateway|sqlite)/";
/** Server-only modules outside lib/: auth.ts is Auth.js's setup (secrets, the users database through lib/server). */
const SERVER_ONLY = [SERVER_SIDE, "^auth\\.ts$"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles, not even through type-only imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-not-to-app-or-components",
      comment: "lib/ (and auth.ts) is below app/ and components/: move what both need into lib/ instead.",
      severity: "error",
      from: { path: ["^lib/", "^auth\\.ts$"] },
      to: { path: "^(app|components)/" },
    },
    {
      name: "only-app-imports-app",
      comment: "app/ is the top layer. Outside app/ only components/ may import from it, and only server actions.",
      severity: "error",
      from: { pathNot: "^(app|components)/" },
      to: { path: "^app/" },
    },
    {
      name: "components-import-only-actions-from-app",
      comment: "A component may import a server action (app/**/actions.ts), nothing else from app/.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^app/", pathNot: "/actions\\.ts$" },
    },
    {
      name: "feature-components-stay-in-their-feature",
      comment:
        "components/<feature>/ imports components/ui/ and its own feature only. Share UI through components/ui/, " +
        "generic hooks through lib/client/hooks/ and logic through lib/.",
      severity: "error",
      from: { path: "^components/([^/]+)/" },
      to: { path: "^components/", pathNot: ["^components/$1/", "^components/ui/"] },
    },
    {
      name: "client-safe-code-not-to-server",
      comment:
        "components/ and the shared parts of lib/ end up in browser bundles: they never value-import the server " +
        "side (lib/server, lib/embedded-gateway, lib/sqlite, auth.ts). `import type` is fine. Tests are exempt.",
      severity: "error",
      from: { path: "^(components|lib)/", pathNot: [SERVER_SIDE, TESTING, TESTS] },
      to: { path: SERVER_ONLY, dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-to-client",
      comment: "lib/client/ is browser code (fetch to /api, React context): the server side never imports it.",
      severity: "error",
      from: { path: SERVER_ONLY },
      to: { path: "^lib/client/" },
    },
    {
      name: "embedded-gateway-stands-alone",
      comment:
        "The embedded gateway stands in for a real OpenRouter-compatible gateway: it never imports the BFF " +
        "(lib/server). Tests are exempt.",
      severity: "error",
      from: { path: "^lib/embedded-gateway/", pathNot: TESTS },
      to: { path: "^lib/server/" },
    },
    {
      name: "testing-only-for-tests",
      comment:
        "testing/ folders hold test servers and helpers: product code never imports them (tests, benches, " +
        "scripts and e2e do).",
      severity: "error",
      from: { pathNot: [TESTS, TESTING, "^(bench|scripts|e2e)/"] },
      to: { path: TESTING },
    },
    {
      name: "contract-is-the-bottom",
      comment:
        "lib/contract/ is the wire (zod schemas): it never imports the server, the client or the embedded gateway.",
      severity: "error",
      from: { path: "^lib/contract/", pathNot: [TESTS] },
      to: { path: ["^lib/(server|client|embedded-gateway|sqlite)/", "^auth\\.ts$"] },
    },
    {
      name: "server-tiers-point-down",
      comment:
        "Inside lib/server/: handlers/ (route adapters) use services/, services/ use upstream/ and db/; nothing " +
        "below reaches back up into services/ or handlers/.",
      severity: "error",
      from: { path: "^lib/server/(upstream|db|auth|http|config|video-generation)/", pathNot: [TESTS] },
      to: { path: "^lib/server/(services|handlers)/" },
    },
    {
      name: "not-to-tests",
      comment: "Only tests import test files.",
      severity: "error",
      from: { pathNot: TESTS },
      to: { path: TESTS },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.data|test-results|playwright-report)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
