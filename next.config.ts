import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  // Lets parallel builds (e.g. one per developer worktree or test run) keep separate output folders.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default nextConfig;
