/**
 * The layers of this repository, checked on every `npm test` (static step; alone: `npm run lint:imports`). docs/architecture.md states each rule and why; keep the two in step.
 * Test files and lib/testing may import across layers: the rules are about what ships.
 */
const { readdirSync, readFileSync } = require("node:fs");
const path = require("node:path");

/** Our source files whose text matches `pattern`, as one anchored regular expression of their paths. */
function filesMatching(pattern) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && pattern.test(readFileSync(full, "utf8"))) found.push(full);
    }
  };
  for (const dir of ["app", "components", "lib"]) walk(dir);
  const escaped = found.map((f) => f.replaceAll(path.sep, "/").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return escaped.length ? `^(${escaped.join("|")})$` : "^$";
}

const CLIENT_COMPONENTS = filesMatching(/^\s*["']use client["']/);
const SERVER_ACTIONS = filesMatching(/^\s*["']use server["']/);
const SERVER_ONLY = filesMatching(/^import ["']server-only["'];?$/m);
const TESTS = "(\\.test\\.tsx?$|^lib/testing/)";
/**
 * The dashboard's own code: everything but the layers the two systems share and the sandbox itself. Logs and
 * metrics (lib/observability) are shared, but for their dashboard/ folder.
 */
const DASHBOARD =
  "^(app|components)/|^lib/(?!(contract|signing|http|reference-data|sandbox|testing)/|database/(?!dashboard/)|observability/(?!dashboard/))";

module.exports = {
  forbidden: [
    {
      name: "contract-stands-alone",
      comment:
        "lib/contract is the one source of truth of the payment service's contract, shared by the dashboard, the sandbox and the browser: it depends on nothing of ours.",
      severity: "error",
      from: { path: "^lib/contract/", pathNot: TESTS },
      to: { path: "^(app|components|lib|scripts)/", pathNot: "^lib/contract/" },
    },
    {
      name: "client-reaches-no-server-module",
      comment:
        "A client component ships to the browser: nothing it imports may lead to a server-only module (secrets, the database, the payment client). Server actions are the one door, so the checker does not look behind them.",
      severity: "error",
      from: { path: CLIENT_COMPONENTS },
      to: { path: SERVER_ONLY, reachable: true },
    },
    {
      name: "sandbox-is-not-the-dashboard",
      comment:
        "The sandbox is the payment service's stand-in and runs on its own: it never imports the dashboard.",
      severity: "error",
      from: { path: "^lib/sandbox/", pathNot: TESTS },
      to: { path: DASHBOARD },
    },
    {
      name: "kit-carries-only-contract-and-signing",
      comment:
        "The QA kit ships as the payorders-sandbox-kit package (scripts/pack.mjs), which carries what it imports: only lib/contract (not its OpenAPI routes) and lib/signing.",
      severity: "error",
      from: { path: "^lib/sandbox/kit/", pathNot: TESTS },
      to: {
        path: "^(app|components|lib|scripts)/",
        pathNot: "^lib/(sandbox/kit/|contract/(?!openapi/)|signing/)",
      },
    },
    {
      name: "dashboard-data-is-not-sandbox-data",
      comment: "Each system owns its database: the dashboard's data never imports the sandbox's.",
      severity: "error",
      from: { path: "^lib/database/dashboard/", pathNot: TESTS },
      to: { path: "^lib/database/sandbox/" },
    },
    {
      name: "sandbox-data-is-not-dashboard-data",
      comment: "Each system owns its database: the sandbox's data never imports the dashboard's.",
      severity: "error",
      from: { path: "^lib/database/sandbox/", pathNot: TESTS },
      to: { path: "^lib/database/dashboard/" },
    },
    {
      name: "database-knows-no-domain",
      comment:
        "lib/database is the data layer: schemas, migrations and queries. It may use the contract's types but no domain module; domain modules call it, never the other way round. It logs and counts its pools through the shared lib/observability, which knows no domain.",
      severity: "error",
      from: { path: "^lib/database/", pathNot: TESTS },
      to: {
        path: "^(app|components|lib|scripts)/",
        pathNot: "^lib/(database|contract)/|^lib/observability/(?!dashboard/)",
      },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    // Server actions are where a client component's imports stop (see client-reaches-no-server-module).
    doNotFollow: { path: ["node_modules", SERVER_ACTIONS] },
    exclude: { path: "(^|/)(node_modules|\\.next[^/]*|test-results|\\.data[^/]*)/" },
    enhancedResolveOptions: { conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
