/**
 * Makes a fresh clone runnable, so README's two commands are the whole set-up: installs node packages
 * (npm ci) when they are missing or older than package-lock.json, and — for browser tests — Debian's
 * chromium and chromium-headless-shell when missing and we may install them (Playwright cannot download its
 * own browsers here).
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
/**
 * Debian's chromium-headless-shell: Chromium without the browser's own interface, the build Playwright
 * itself runs headless flows on. The browser flows drive it when it is installed (flowsBrowserPath): the full
 * browser in headless mode took more than twice its processor time (2,673 s against 1,227 s in one run of the
 * flows), two fifths of the whole step's.
 */
const HEADLESS_SHELL_PATH = "/usr/lib/chromium/chromium-headless-shell";

/**
 * Makes sure the browsers are there: the full chromium (Lighthouse's, and the flows' when CHROMIUM_PATH
 * names it) and the headless shell, installed with apt when missing and we may; without root, a missing
 * headless shell only makes the flows use the full browser.
 */
export function ensureChromium() {
  const shellWanted = !process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL_PATH);
  if (existsSync(CHROMIUM_PATH) && !shellWanted) return;
  const mayInstall = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!mayInstall) {
    if (existsSync(CHROMIUM_PATH)) return;
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}. Install Debian's chromium (sudo apt-get install chromium chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
  }
  console.log("[setup] installing Debian's chromium and its headless shell for the browser tests…");
  run("apt-get", ["update", "-qq"]);
  run(
    "apt-get",
    ["install", "-y", "-qq", "chromium", "chromium-headless-shell", "fonts-noto-core", "fonts-dejavu-core"],
    { DEBIAN_FRONTEND: "noninteractive" },
  );
}

/** The browser the flows drive: CHROMIUM_PATH when set, else the headless shell when installed, else the full chromium. */
export function flowsBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}
