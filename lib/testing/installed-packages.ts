/**
 * The packages of `npm run pack` (scripts/pack.mjs) as an outside team gets them: built, copied into a
 * scratch project under os.tmpdir() (outside this repository, no path or link back into it) and installed
 * there by npm, from the machine's npm cache and nothing else (`npm ci --offline`). Then the installed
 * `payorders-sandbox` is started from that project. Used by the outsider test
 * (lib/sandbox/package.int.test.ts) and the bench (bench/sandbox-package.ts).
 *
 * Offline: `npm install` of npm 11 asks the registry for every package's full metadata, which the cache
 * does not hold (it keeps what `npm ci` fetched), so the project gets a package-lock.json made here instead:
 * the two tarballs, and every package they (and the project's other dependencies) need, taken with its
 * version and integrity from this repository's package-lock.json. `npm ci` then only fetches tarballs,
 * which the cache holds by integrity. Without a cached tarball it fails (ENOTCACHED) and says which.
 *
 * Except `newest` (PGlite): taken at the newest version the registry has in the range the tarball asks for, as
 * `npm install` in an outside project would (a newer patch than ours skipped the shipped template: issue 50);
 * asking the registry for that one package and putting its tarball in the cache is the only network use.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BuiltPackage, buildPackages, type PackageManifest } from "../../scripts/pack.mjs";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface BuiltPackages {
  sandbox: BuiltPackage;
  kit: BuiltPackage;
  /** The temporary folder they were packed in (removed by `remove()`). */
  dir: string;
  /** Whether they were packed earlier in this `npm test` run and reused (TEST_SHARED_PACKAGES_DIR). */
  reused: boolean;
  remove(): void;
}

/**
 * `npm run pack`'s build, into a temporary folder of its own (dist/packages is left alone), or under `npm test` the
 * run's folder TEST_SHARED_PACKAGES_DIR (scripts/test.mjs makes it and removes it at the end): the sources do not
 * change during a run, so the outsider test (PGlite step) and the benchmarks' smoke (last step) install the same
 * tarballs, packed once (≈ 20 s on slow cores) by the first of them, whose record (built.json) the next finds.
 */
export async function buildPackagesInTemp(): Promise<BuiltPackages> {
  const shared = process.env.TEST_SHARED_PACKAGES_DIR;
  if (shared) {
    const record = path.join(shared, "built.json");
    if (existsSync(record)) {
      return { ...JSON.parse(readFileSync(record, "utf8")), dir: shared, reused: true, remove: () => {} };
    }
    const built = await buildPackages(shared);
    writeFileSync(record, JSON.stringify(built));
    return { ...built, dir: shared, reused: false, remove: () => {} };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "payorders-packages-"));
  const built = await buildPackages(dir);
  return { ...built, dir, reused: false, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

/** Our package-lock's `packages`, by location (`node_modules/a/node_modules/b`). */
function ourLock(): Record<string, LockEntry> {
  return JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")).packages;
}

/** Where Node would find `name` from `location` in our tree: its own node_modules, then its parents'. */
function locate(lock: Record<string, LockEntry>, location: string, name: string): string | undefined {
  let base = location;
  for (;;) {
    const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!base) return undefined;
    const up = base.lastIndexOf("/node_modules/");
    base = up < 0 ? "" : base.slice(0, up);
  }
}

/**
 * The project's package-lock.json: its tarballs (file: dependencies) at the top, and every registry package
 * they and `registryDependencies` reach, at the place and version our tree has them (a subset of a valid
 * tree, closed under dependencies, is a valid tree). Flags of our tree (dev, optional) are dropped: in the
 * project everything is a dependency.
 */
function lockFor(
  name: string,
  dir: string,
  tarballs: { file: string; manifest: PackageManifest }[],
  registryDependencies: Record<string, string>,
): object {
  const lock = ourLock();
  const packages: Record<string, LockEntry> = {};
  const queue: string[] = [];
  const add = (from: string, dependency: string, optional: boolean) => {
    const found = locate(lock, from, dependency);
    if (!found) {
      if (optional) return;
      throw new Error(
        `installed-packages: ${dependency} (needed from ${from || "the project"}) is not in package-lock.json`,
      );
    }
    if (packages[found]) return;
    const { dev: _d, optional: _o, devOptional: _do, peer: _p, ...entry } = lock[found] as LockEntry;
    packages[found] = entry;
    queue.push(found);
  };
  const dependencies: Record<string, string> = {};
  for (const { file, manifest } of tarballs) {
    dependencies[manifest.name] = `file:${file}`;
    const at = `node_modules/${manifest.name}`;
    packages[at] = {
      version: manifest.version,
      resolved: `file:${file}`,
      integrity: `sha512-${createHash("sha512")
        .update(readFileSync(path.join(dir, file)))
        .digest("base64")}`,
      ...(manifest.dependencies ? { dependencies: manifest.dependencies } : {}),
      ...(manifest.peerDependencies ? { peerDependencies: manifest.peerDependencies } : {}),
      ...(manifest.peerDependenciesMeta ? { peerDependenciesMeta: manifest.peerDependenciesMeta } : {}),
      ...(manifest.bin ? { bin: manifest.bin } : {}),
      ...(manifest.engines ? { engines: manifest.engines } : {}),
    };
    queue.push(at);
  }
  for (const [dependency, version] of Object.entries(registryDependencies)) {
    dependencies[dependency] = version;
    add("", dependency, false);
  }
  while (queue.length > 0) {
    const at = queue.shift() as string;
    const entry = packages[at] as LockEntry;
    // A tarball's own dependencies resolve from the top (it has no node_modules of its own in our tree).
    const from = at.startsWith("node_modules/payorders-") ? "" : at;
    for (const d of Object.keys(entry.dependencies ?? {})) add(from, d, false);
    for (const d of Object.keys(entry.optionalDependencies ?? {})) add(from, d, true);
    for (const d of Object.keys(entry.peerDependencies ?? {}))
      add(from, d, entry.peerDependenciesMeta?.[d]?.optional === true);
  }
  return {
    name,
    lockfileVersion: 3,
    requires: true,
    packages: { "": { name, dependencies }, ...packages },
  };
}

/** A registry package at the newest version matching `range`, as `npm view` tells it. */
interface RegistryVersion {
  version: string;
  integrity: string;
}

const byVersion = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(/[.+-]/).map((part) => Number.parseInt(part, 10) || 0));
  for (let i = 0; i < Math.max(x?.length ?? 0, y?.length ?? 0); i++) {
    const d = (x?.[i] ?? 0) - (y?.[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

/** Asks the registry (npm view) for the newest `name` in `range`, and puts its tarball in npm's cache. */
function newestInRegistry(name: string, range: string, env: NodeJS.ProcessEnv): RegistryVersion {
  const npm = (args: string[]) => {
    const result = spawnSync("npm", args, { env, encoding: "utf8" });
    if (result.status !== 0)
      throw new Error(`installed-packages: npm ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout;
  };
  const spec = `${name}@${range}`;
  const answer = JSON.parse(npm(["view", spec, "version", "dist.integrity", "dependencies", "--json"]));
  const found = (Array.isArray(answer) ? answer : [answer]) as Record<string, unknown>[];
  const newest = found.sort((a, b) => byVersion(String(a.version), String(b.version))).at(-1);
  if (!newest) throw new Error(`installed-packages: the registry has no ${spec}`);
  // Our lock gives every other package its place; a package bringing dependencies of its own would need them too.
  if (newest.dependencies && Object.keys(newest.dependencies).length > 0)
    throw new Error(
      `installed-packages: ${name}@${newest.version} has dependencies, which newest does not handle`,
    );
  npm(["cache", "add", `${name}@${newest.version}`, "--loglevel=error"]);
  return { version: String(newest.version), integrity: String(newest["dist.integrity"]) };
}

export interface ScratchProject {
  dir: string;
  /** The version installed of each package of `newest`. */
  newest: Record<string, string>;
  /** The project's npm binaries (`node_modules/.bin/<name>`). */
  bin(name: string): string;
  /** PATH with the Node.js running this process first (the bins' `#!/usr/bin/env node` finds it). */
  env: Record<string, string | undefined>;
  remove(): void;
}

/**
 * A scratch project under os.tmpdir(): `files` (a folder, copied in), the tarballs copied in and depended on
 * as `file:./<tarball>`, `registryDependencies` at our versions (e.g. `@playwright/test`), installed with
 * `npm ci --offline`; each of `newest` (a dependency of a tarball) at the registry's newest version in the range
 * that tarball asks for.
 */
export function installScratchProject(options: ScratchOptions): ScratchProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
  try {
    return installInto(dir, options);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

interface ScratchOptions {
  name: string;
  tarballs: BuiltPackage[];
  registryDependencies?: string[];
  files?: string;
  newest?: string[];
}

function installInto(dir: string, options: ScratchOptions): ScratchProject {
  const ours = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const versions: Record<string, string> = {};
  for (const dependency of options.registryDependencies ?? []) {
    const entry = ourLock()[`node_modules/${dependency}`];
    if (!entry?.version) throw new Error(`installed-packages: ${dependency} is not installed here`);
    versions[dependency] = entry.version;
  }
  if (options.files) cpSync(options.files, dir, { recursive: true });
  const tarballs = options.tarballs.map(({ tarball, manifest }) => {
    const file = `./${path.basename(tarball)}`;
    cpSync(tarball, path.join(dir, file));
    return { file, manifest };
  });
  const lock = lockFor(options.name, dir, tarballs, versions) as { packages: Record<string, LockEntry> };
  const PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`;
  // NODE_ENV=production would leave dev packages out; the project has none, but a test runner sets "test".
  const env: Record<string, string | undefined> = { ...process.env, PATH, NODE_ENV: undefined };
  delete env.NODE_ENV;
  const newest: Record<string, string> = {};
  for (const name of options.newest ?? []) {
    const range = tarballs.map((t) => t.manifest.dependencies?.[name]).find((r) => r !== undefined);
    const at = `node_modules/${name}`;
    if (range === undefined || !lock.packages[at])
      throw new Error(`installed-packages: no tarball depends on ${name}`);
    const { version, integrity } = newestInRegistry(name, range, env as NodeJS.ProcessEnv);
    lock.packages[at] = { ...lock.packages[at], version, integrity };
    newest[name] = version;
  }
  const pkg = {
    name: options.name,
    private: true,
    type: "module",
    engines: ours.engines,
    dependencies: lock.packages[""]?.dependencies,
  };
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(path.join(dir, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
  const npm = spawnSync("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  if (npm.status !== 0) {
    throw new Error(
      `npm ci --offline in a scratch project failed (${npm.status}):\n${npm.stdout}${npm.stderr}`,
    );
  }
  return {
    dir,
    newest,
    bin: (name) => path.join(dir, "node_modules", ".bin", name),
    env,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * What in the project leads back into this repository: a symbolic link resolving into it, or its path in
 * a file npm wrote (package.json, package-lock.json, a package's package.json). Empty when none.
 */
export function pathsBackIntoRepository(dir: string): string[] {
  const found: string[] = [];
  const repo = realpathSync(root);
  if (realpathSync(dir).startsWith(repo + path.sep)) found.push(`${dir} is inside the repository`);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isSymbolicLink()) {
        const target = realpathSync(full);
        if (target.startsWith(repo + path.sep) || target === repo) found.push(`${full} → ${target}`);
      } else if (entry.isDirectory()) walk(full);
      else if (
        entry.name === "package.json" ||
        entry.name === "package-lock.json" ||
        entry.name === ".package-lock.json"
      ) {
        if (readFileSync(full, "utf8").includes(repo)) found.push(`${full} names ${repo}`);
      }
    }
  };
  if (lstatSync(dir).isDirectory()) walk(dir);
  return found;
}

export interface InstalledSandbox {
  url: string;
  process: ChildProcess;
  /** From the spawn to /healthz answering 200, in milliseconds. */
  startMs: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the project's `payorders-sandbox` (its bin, as `npx payorders-sandbox` would) with `flags`
 * (`--port 0` picks a free port: the URL is read from its first line) and waits for GET /healthz.
 */
export async function startInstalledSandbox(
  project: ScratchProject,
  flags: string[],
  options: { timeoutMs?: number; env?: Record<string, string | undefined> } = {},
): Promise<InstalledSandbox> {
  const started = performance.now();
  const child = spawn(project.bin("payorders-sandbox"), flags, {
    cwd: project.dir,
    env: { ...project.env, ...options.env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let url: string | undefined;
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
    url ??= /Sandbox payment service on (http:\/\/\S+)/.exec(output)?.[1];
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (gone()) return;
    child.kill("SIGTERM");
    const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(late);
  };
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (gone())
      throw new Error(`payorders-sandbox exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (url) {
      const ok = await fetch(`${url}/healthz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) {
        const startMs = performance.now() - started;
        return { url, process: child, startMs, output: () => output, stop };
      }
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `payorders-sandbox was not healthy within ${options.timeoutMs ?? 120_000} ms:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, url ? 20 : 50));
  }
}
