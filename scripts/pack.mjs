#!/usr/bin/env node
/**
 * `npm run pack`: the sandbox and its QA kit as npm tarballs an outside QA team installs (issue 19 §1), in
 * `dist/packages/` (git-ignored):
 *
 * - `payorders-sandbox-<version>.tgz`: the sandbox (lib/sandbox/bin.ts: the server and the command line)
 *   compiled by esbuild to JavaScript, our own code bundled, every npm dependency left external and listed in
 *   its package.json with the version range of ours (PGlite loads its WebAssembly and data files from its
 *   own package, so it stays one). Bin `payorders-sandbox`; no tsx at run time. Beside it in `dist/`, a PGlite
 *   template (buildPgliteTemplate below) a new data folder starts from; PGlite is pinned to the exact version
 *   that made it (pinnedToTemplate below).
 * - `payorders-sandbox-kit-<version>.tgz`: the QA kit (lib/sandbox/kit: the typed client, the request
 *   builders, the Playwright fixture), ESM with `.d.ts`, what it needs of lib/contract and lib/signing inside
 *   it; zod a dependency, @playwright/test a peer dependency (one copy: the suite's); the example suite
 *   (examples/qa-suite) in `examples/qa-suite/`.
 *
 * Each package is built in `dist/packages/<name>/` and packed from there with `npm pack`. `--quiet` prints
 * only the tarballs' paths. Run as a script by `npm run pack`; imported by the outsider test and the bench
 * (`buildPackages(outDir)`, lib/testing/installed-packages.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shortLivedNodeFlags } from "./node-runtime.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const PACKAGES_DIR = path.join(root, "dist", "packages");

const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const versionOf = (name) => ours.dependencies?.[name] ?? ours.devDependencies?.[name];

/** `@scope/name/sub` → `@scope/name`, `hono/html` → `hono`. */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The npm packages a bundle imports (node: builtins aside), from esbuild's metafile. */
function externalPackages(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !imported.path.startsWith("node:")) names.add(packageName(imported.path));
  return [...names].sort();
}

function dependenciesOf(names, what) {
  const missing = names.filter((n) => !versionOf(n));
  if (missing.length)
    throw new Error(`${what} imports ${missing.join(", ")}, which package.json does not list`);
  return Object.fromEntries(names.map((n) => [n, versionOf(n)]));
}

const common = {
  version: ours.version,
  license: "UNLICENSED",
  type: "module",
  engines: ours.engines,
};

/**
 * The sandbox's PGlite template (lib/sandbox/pglite-template-build.ts: a database initialised and migrated,
 * gzip-dumped, tagged with the PGlite version and last migration) into `outDir`: a new data folder of the
 * installed sandbox starts from it instead of PGlite's initdb (lib/database/pglite-template.ts). Run by tsx in
 * a process of its own, with the V8 flags of a short-lived one; resolves to what it printed, `{ tarball, tag }`.
 */
function buildPgliteTemplate(outDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...shortLivedNodeFlags(), "--import", "tsx", "lib/sandbox/pglite-template-build.ts", outDir],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0
        ? resolve(JSON.parse(stdout.trim().split("\n").at(-1)))
        : reject(new Error(`the PGlite template failed (${code}):\n${stderr}`)),
    );
  });
}

/**
 * The sandbox's dependencies with `@electric-sql/pglite` pinned to the exact version that made the template
 * (its tag, written by the build). A template is used only by that exact version (lib/database/pglite-template.ts):
 * PGlite's data files belong to the Postgres build inside each release, which a patch release may change, so a
 * range (`^0.5.16`) let npm install a newer patch whose sandbox skipped the template and ran initdb (a first
 * start of 5 s instead of 1, issue 50). A pin holds whatever the registry publishes later, needs no install
 * script (which `--ignore-scripts` and some CI setups skip) and no network at install; a project that depends on
 * another PGlite gets its own copy beside ours.
 */
function pinnedToTemplate(dependencies, templateTag) {
  const { pglite } = templateTag;
  if (typeof pglite !== "string" || !/^\d+\.\d+\.\d+/.test(pglite))
    throw new Error(`the PGlite template's tag names no PGlite version: ${JSON.stringify(templateTag)}`);
  return { ...dependencies, "@electric-sql/pglite": pglite };
}

async function buildSandbox(esbuild, dir) {
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  const template = buildPgliteTemplate(path.join(dir, "dist"));
  // Awaited below; a rejection meanwhile must not count as unhandled.
  template.catch(() => {});
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { "payorders-sandbox": "lib/sandbox/bin.ts" },
    outdir: path.join(dir, "dist"),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    define: { "process.env.PAYORDERS_SANDBOX_VERSION": JSON.stringify(ours.version) },
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  // Resolved at run time by name (lib/database/pglite-thread.ts runs it in a worker thread).
  const names = [...new Set([...externalPackages(result.metafile), "@electric-sql/pglite"])].sort();
  mkdirSync(path.join(dir, "bin"), { recursive: true });
  writeFileSync(
    path.join(dir, "bin", "payorders-sandbox.mjs"),
    '#!/usr/bin/env node\nimport "../dist/payorders-sandbox.js";\n',
    { mode: 0o755 },
  );
  const pkg = {
    name: "payorders-sandbox",
    ...common,
    description:
      "The sandbox payment service: a stateful test double of the payment service (orders, signed callbacks, QA runs, chaos, clock) and its command line",
    bin: { "payorders-sandbox": "bin/payorders-sandbox.mjs" },
    files: ["bin", "dist", "README.md"],
    dependencies: dependenciesOf(names, "the sandbox"),
    // LOG_PRETTY=1 (--log-pretty 1) logs through pino-pretty's transport; JSON lines need nothing.
    peerDependencies: { "pino-pretty": versionOf("pino-pretty") },
    peerDependenciesMeta: { "pino-pretty": { optional: true } },
  };
  writeFileSync(path.join(dir, "README.md"), SANDBOX_README);
  pkg.dependencies = pinnedToTemplate(pkg.dependencies, (await template).tag);
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  return pkg;
}

async function buildKit(esbuild, dir) {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { index: "lib/sandbox/kit/index.ts", playwright: "lib/sandbox/kit/playwright.ts" },
    outdir: path.join(dir, "dist"),
    bundle: true,
    // One copy of what both entries share (SandboxKitError is one class for `instanceof`).
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    packages: "external",
    metafile: true,
    logLevel: "warning",
    legalComments: "none",
  });
  const names = externalPackages(result.metafile);
  const unexpected = names.filter((n) => n !== "zod" && n !== "@playwright/test");
  if (unexpected.length)
    throw new Error(`the kit imports ${unexpected.join(", ")}: only zod and @playwright/test`);
  if (!names.includes("zod")) throw new Error("the kit no longer imports zod: its package.json says it does");

  // Declarations: tsc over the kit's entries (and what they import) in a tsconfig of their own.
  const typesDir = path.join(dir, "types");
  const tsconfig = path.join(dir, "tsconfig.types.json");
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2023"],
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        skipLibCheck: true,
        declaration: true,
        emitDeclarationOnly: true,
        rootDir: path.join(root, "lib"),
        outDir: typesDir,
        types: ["node"],
        typeRoots: [path.join(root, "node_modules", "@types")],
      },
      files: [path.join(root, "lib/sandbox/kit/index.ts"), path.join(root, "lib/sandbox/kit/playwright.ts")],
    }),
  );
  const tsc = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", tsconfig],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  rmSync(tsconfig);
  if (tsc.status !== 0) throw new Error(`tsc (the kit's declarations) failed:\n${tsc.stdout}${tsc.stderr}`);
  addJsExtensions(typesDir);

  const types = (file) => `./types/sandbox/kit/${file}.d.ts`;
  const pkg = {
    name: "payorders-sandbox-kit",
    ...common,
    description:
      "QA kit of the payorders sandbox: a typed, signing client of its API and test controls, request builders and a Playwright fixture",
    exports: {
      ".": { types: types("index"), default: "./dist/index.js" },
      "./playwright": { types: types("playwright"), default: "./dist/playwright.js" },
      "./package.json": "./package.json",
    },
    types: types("index"),
    files: ["dist", "types", "examples", "README.md"],
    sideEffects: false,
    dependencies: dependenciesOf(["zod"], "the kit"),
    peerDependencies: { "@playwright/test": ">=1.50.0 <2" },
    peerDependenciesMeta: { "@playwright/test": { optional: true } },
  };
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(path.join(dir, "README.md"), KIT_README);
  // The example suite docs/qa.md starts from (its first test and config are this folder's), to copy.
  cpSync(path.join(root, "examples", "qa-suite"), path.join(dir, "examples", "qa-suite"), {
    recursive: true,
  });
  return pkg;
}

/**
 * tsc keeps the sources' extensionless relative imports (`from "./bank"`), which a project resolving like
 * Node (`moduleResolution: node16/nodenext`) cannot follow in an ESM package: each becomes `./bank.js` or
 * `./bank/index.js`, whichever declaration exists.
 */
function addJsExtensions(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    const fixed = text.replace(
      /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']*)\2/g,
      (whole, head, quote, specifier) => {
        if (/\.(js|mjs|cjs|json)$/.test(specifier)) return whole;
        const target = path.resolve(entry.parentPath, specifier);
        if (existsSync(`${target}.d.ts`)) return `${head}${quote}${specifier}.js${quote}`;
        if (existsSync(path.join(target, "index.d.ts")))
          return `${head}${quote}${specifier}/index.js${quote}`;
        throw new Error(`${path.relative(dir, file)}: cannot resolve ${specifier}`);
      },
    );
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

function npmPack(dir, outDir) {
  const npm = spawnSync("npm", ["pack", "--json", "--pack-destination", outDir], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, npm_config_loglevel: "error" },
  });
  if (npm.status !== 0) throw new Error(`npm pack in ${dir} failed:\n${npm.stdout}${npm.stderr}`);
  const [packed] = JSON.parse(npm.stdout);
  return path.join(outDir, packed.filename);
}

/**
 * Builds both packages and packs them into `outDir` (default dist/packages, emptied first); returns the
 * tarballs' paths and their package.json.
 */
export async function buildPackages(outDir = PACKAGES_DIR) {
  const esbuild = await import("esbuild");
  rmSync(outDir, { recursive: true, force: true });
  const sandboxDir = path.join(outDir, "payorders-sandbox");
  const kitDir = path.join(outDir, "payorders-sandbox-kit");
  mkdirSync(sandboxDir, { recursive: true });
  mkdirSync(kitDir, { recursive: true });
  const [sandboxManifest, kitManifest] = await Promise.all([
    buildSandbox(esbuild, sandboxDir),
    buildKit(esbuild, kitDir),
  ]);
  return {
    sandbox: { tarball: npmPack(sandboxDir, outDir), manifest: sandboxManifest },
    kit: { tarball: npmPack(kitDir, outDir), manifest: kitManifest },
  };
}

const SANDBOX_README = `# payorders-sandbox

The sandbox payment service: a stateful test double of the payment service — the three API endpoints,
signatures, validation, payment details, statuses, signed callbacks with retries — and its test controls
(QA runs, callback chaos, a movable clock, the request log), with a command line.

\`\`\`sh
npx payorders-sandbox                      # http://127.0.0.1:4010, PGlite in ./.data/sandbox
npx payorders-sandbox --port 0 --data-dir /tmp/sbx
npx payorders-sandbox --database-url postgres://user:pass@db:5432/sandbox
npx payorders-sandbox --help               # every flag (each mirrors an environment variable)
npx payorders-sandbox runs start --label "checkout suite"
npx payorders-sandbox check-receiver --url https://merchant.example/postback --client-id … --secret …
\`\`\`

\`GET /healthz\` answers \`{"ok":true}\` once it is ready; \`GET /openapi.json\` is its OpenAPI document. The QA kit
(typed client, request builders, Playwright fixture) is the \`payorders-sandbox-kit\` package. The whole guide:
docs/qa.md of the payorders dashboard.
`;

const KIT_README = `# payorders-sandbox-kit

The QA kit of the payorders sandbox (the \`payorders-sandbox\` package): a typed client of its API and test
controls that signs every call, the request builders (valid sample requests of every method), and a
Playwright fixture. ESM, with types.

\`\`\`ts
import { samplePayinRequest } from "payorders-sandbox-kit";
import { expect, test } from "payorders-sandbox-kit/playwright";

test("a paid pay-in", async ({ sandboxRun }) => {
  const order = await sandboxRun.createPayin(samplePayinRequest("SBP", { amount: 1500 }));
  expect((await sandboxRun.markPaid(order.id)).status).toBe("Success");
});
\`\`\`

Outside Playwright: \`sandboxKit({ baseUrl, clientId, secret })\`. \`@playwright/test\` is a peer dependency:
the suite's own copy is used. A complete suite to start from (config, tests, a stand-in merchant system):
\`examples/qa-suite/\` in this package. The whole guide: docs/qa.md of the payorders dashboard.
`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const quiet = process.argv.includes("--quiet");
  const started = Date.now();
  const built = await buildPackages();
  const tarballs = [built.sandbox.tarball, built.kit.tarball];
  if (quiet) console.log(tarballs.join("\n"));
  else
    console.log(
      `Packed in ${((Date.now() - started) / 1000).toFixed(1)} s:\n${tarballs.map((t) => `  ${path.relative(root, t)}`).join("\n")}`,
    );
}
