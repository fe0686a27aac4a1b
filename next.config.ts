import type { NextConfig } from "next";

/** On every response, pages and API alike (the pages' Content-Security-Policy is set per request by proxy.ts). */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  // frame-ancestors 'none' in the CSP, and this for browsers that predate it.
  { key: "X-Frame-Options", value: "DENY" },
  // The pay page tightens this to no-referrer (proxy.ts).
  { key: "Referrer-Policy", value: "same-origin" },
];

const nextConfig: NextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules at run time, not bundled; prom-client
  // once for the process (its registry is shared by instrumentation.ts and the routes: lib/observability);
  // OpenTelemetry's API and SDK once too, from node_modules as the sandbox loads them (the SDK only when
  // tracing is on, by instrumentation.ts).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/core",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace",
  ],
  poweredByHeader: false,
  // zod's locales namespace, English only (lib/zod-english-locale.ts; e2e/client-bundle.spec.ts checks the pages).
  // The key is the request as zod's own files write it; no other package here imports that path.
  turbopack: { resolveAlias: { "../locales/index.js": "./lib/zod-english-locale.ts" } },
  // `npm test` type-checks these same sources (tsc --noEmit, its first step) before its browser step builds them:
  // when that passed it says so here, and the build does not check them a second time (≈20 s on 2 cores).
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPES_CHECKED === "1" },
  // Server action bodies are small forms, but a bulk pay-out file may be 5 MB (lib/batches/schemas.ts,
  // BATCH_LIMITS): 6 MB leaves room for its multipart framing. It stays under the proxy's body buffer
  // (proxyClientMaxBodySize, 10 MB), so the action's own limit answers.
  experimental: { serverActions: { bodySizeLimit: "6mb" } },
  // Lets parallel builds (e.g. one per developer worktree or test run) keep separate output folders.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // JSON and CSV answers: nothing in them may run or be framed.
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default nextConfig;
