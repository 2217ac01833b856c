/** @type {import('next').NextConfig} */
const nextConfig = {
  // Helpers and CI build side by side; a separate dist dir keeps their builds from clobbering each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Native module: must stay a plain Node require, never bundled.
  serverExternalPackages: ["better-sqlite3"],
  typedRoutes: false,
};

export default nextConfig;
