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
 *   lib/embedded-gateway/ the stand-in gateway (a second service); lib/sqlite/ storage helpers for both;
 *                   lib/observability/ the one logger and the request's log context, for both (server-side)
 *   lib/contract/   the wire: gateway/ (the gateway's contract) and bff/ (the BFF's shapes), zod; the bottom
 *   lib/*           the rest of lib/ is shared by both sides: parsing, formatting, pure feature logic
 *   testing/        folders named testing/ (lib/testing, lib/server/testing, ...) hold test servers and
 *                   helpers: only tests, benches, scripts and e2e import them
 *   lib/evaluations/ the evaluation engine (question sets, checks, judge protocol, estimates, reports; runs/:
 *                   a run's plan form, progress and access rules): pure, used by the server's runner, the
 *                   dashboard and the CLI alike; imports neither side nor React/Next
 *   server/         the runtime (launcher, dashboard server, static serving, fast lane; server/README.md): it
 *                   may import lib/, nothing in app/, components/ or lib/ imports it
 *
 * Tests are exempt from the client/server rules: a component's or a parser's test may start a gateway.
 */

/** Test files, and the test-fixtures/ folders only tests may import (so fixtures may read the gateway's test data too). */
const TESTS = "(\\.test\\.tsx?$|/test-fixtures/)";
/** Test support folders: test servers and helpers. */
const TESTING = "(^|/)testing/";
const SERVER_SIDE = "^lib/(server|embedded-gateway|sqlite|observability)/";
/** Server-only modules outside lib/: auth.ts is Auth.js's setup (secrets, the users database through lib/server). */
const SERVER_ONLY = [SERVER_SIDE, "^auth\\.ts$"];
/**
 * The fast lane's route list (generated from the route files that opt in): every module a lane route reaches
 * is reachable from it.
 */
const FAST_LANE_ROUTES = "^server/fast-lane/routes\\.generated\\.ts$";

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
      comment:
        "app/ is the top layer. Outside app/ only components/ may import from it, and only server actions; and " +
        "the fast lane's generated route list, which hands the lane the functions the route files export.",
      severity: "error",
      from: { pathNot: ["^(app|components)/", FAST_LANE_ROUTES] },
      to: { path: "^app/" },
    },
    {
      name: "nothing-imports-the-runtime",
      comment:
        "server/ is the runtime around the app (launcher, dashboard server, fast lane): it imports lib/, never " +
        "the other way round. Only instrumentation.ts (which registers the fast lane) and developer scripts reach in.",
      severity: "error",
      from: { path: "^(app|components|lib)/" },
      to: { path: "^server/" },
    },
    {
      name: "runtime-not-to-client-or-components",
      comment: "server/ runs in Node outside the browser and outside React: it never imports lib/client/ or components/.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^(lib/client|components)/" },
    },
    {
      name: "fast-lane-outside-request-scope",
      comment:
        "A fast-lane route runs outside Next's request pipeline (server/fast-lane/serve.ts), where cookies() and " +
        "headers() (next/headers) and after() (next/server) have no request to work on. Nothing a lane route " +
        "reaches may import them: read the Request the handler is given (docs/departures-from-next.md).",
      severity: "error",
      from: { path: FAST_LANE_ROUTES },
      to: { path: "^node_modules/next/(headers|server)(\\.js)?$", reachable: true },
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
        "below reaches back up into services/ or handlers/. config/startup.ts is the composition root (it starts " +
        "the services' background work: the evaluation runner) and is exempt.",
      severity: "error",
      from: { path: "^lib/server/(upstream|db|auth|http|config|video-generation|spending|evaluations|ledger)/", pathNot: [TESTS, "^lib/server/config/startup\\.ts$"] },
      to: { path: "^lib/server/(services|handlers)/" },
    },
    {
      name: "eval-engine-is-pure",
      comment:
        "lib/evaluations/ is one library for two front ends (the dashboard's runner and the CLI): it imports neither the " +
        "server side, the browser side, React nor Next. Network access comes in as injected functions. Tests are exempt.",
      severity: "error",
      from: { path: "^lib/evaluations/", pathNot: TESTS },
      to: {
        path: ["^lib/(server|client|embedded-gateway|sqlite|testing)/", "^auth\\.ts$", "node_modules/(react|react-dom|next)/"],
      },
    },
    {
      name: "gateway-only-through-services",
      comment:
        "The gateway client (lib/server/upstream/) is called by the services only: pages (app/) and route handlers " +
        "(lib/server/handlers/) go through lib/server/services/, which own each gateway path and its charge.",
      severity: "error",
      from: { path: ["^app/", "^lib/server/handlers/"], pathNot: [TESTS] },
      to: { path: "^lib/server/upstream/" },
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
    // node_modules stays in the graph as leaves (doNotFollow), so rules can name a package (next/headers).
    exclude: { path: "^(\\.next|\\.data|dist/|test-results|playwright-report)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
