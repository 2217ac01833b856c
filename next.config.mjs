/**
 * Bench-only routes (app/api/bench/**) are named `route.bench.ts`. Next only treats a file as a route when
 * its extension is in `pageExtensions`, so they exist in a build made with GATEHOUSE_BENCH_ROUTES=1 and are
 * absent, not merely disabled, from every other build: a production deploy cannot expose them by a
 * setting at run time. `npm run bench:bff` makes such a build in its own dist dir.
 */
const benchRoutes = process.env.GATEHOUSE_BENCH_ROUTES === "1";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Helpers and CI build side by side; a separate dist dir keeps their builds from clobbering each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  pageExtensions: ["tsx", "ts", "jsx", "js", ...(benchRoutes ? ["bench.ts"] : [])],
  reactStrictMode: true,
  poweredByHeader: false,
  // Native module: must stay a plain Node require, never bundled.
  serverExternalPackages: ["better-sqlite3"],
  typedRoutes: false,
  // Types are checked once, by `npm run typecheck` (a step of `npm test`); the build does not check them a
  // second time (about 20 s of every build, and of a user's first `npm start`).
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
