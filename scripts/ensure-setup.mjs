/**
 * Makes a fresh clone runnable, so README's two commands are the whole set-up: installs node packages
 * (npm ci) when they are missing or older than package-lock.json, and — for browser tests — Debian's
 * chromium when it is missing and we may install it (Playwright cannot download its own browsers here).
 * Uses node builtins only: it runs before node_modules exists.
 */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

export function ensureNodeModules() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("[setup] installing node packages (npm ci)…");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  console.log("[setup] installing Debian's chromium for the browser tests…");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "chromium", "fonts-noto-core", "fonts-dejavu-core"], {
    DEBIAN_FRONTEND: "noninteractive",
  });
}
