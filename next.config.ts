import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  poweredByHeader: false,
  // Server action bodies are small forms: refuse more than 1 MB (Next's default, set here on purpose). It
  // stays under the proxy's body buffer (proxyClientMaxBodySize, 10 MB), so the action's own limit answers.
  experimental: { serverActions: { bodySizeLimit: "1mb" } },
  // Lets parallel builds (e.g. one per developer worktree or test run) keep separate output folders.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default nextConfig;
