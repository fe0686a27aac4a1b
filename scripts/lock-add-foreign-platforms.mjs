#!/usr/bin/env node
/**
 * The npm registry mirror this project is built against carries only the Linux builds of packages that
 * ship per-platform binaries (Biome, Next's SWC). `npm install` then writes a lock without the other
 * platforms' optional packages, and `npm ci` refuses that lock as "not in sync". This adds each missing
 * optional platform package to package-lock.json with its os/cpu/libc, so `npm ci` skips it as
 * incompatible instead of asking for it. Run after `npm install` changes the lock: `node scripts/lock-add-foreign-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const lockPath = path.resolve(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

/** os / cpu / libc from the package's platform suffix, e.g. "darwin-arm64", "linux-x64-musl", "win32-x64-msvc". */
function platformOf(name) {
  const m = /-(android|darwin|linux|win32|freebsd)-(arm64|x64|ia32|arm)(?:-(musl|gnu|msvc))?$/.exec(name);
  if (!m) return null;
  const [, os, cpu, variant] = m;
  return {
    os: [os],
    cpu: [cpu],
    ...(variant === "musl" || variant === "gnu" ? { libc: [variant === "musl" ? "musl" : "glibc"] } : {}),
  };
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const depKey = `node_modules/${dep}`;
    if (packages[depKey]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[depKey] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
    console.log(
      `added ${dep}@${version} (${platform.os}/${platform.cpu}${platform.libc ? `/${platform.libc}` : ""}) for ${key || "root"}`,
    );
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform package(s) added to package-lock.json`);
