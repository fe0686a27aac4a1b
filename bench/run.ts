/**
 * `npm run bench [-- section ...] [--smoke]`: prints each figure, as a ratio against a baseline measured in the
 * same run. Figures are reported, never asserted (machines are noisy); only a figure that is not a finite
 * number, or a load round with no 2xx answer, fails its part. Sections: sandbox, dashboard, pay-page; BENCH_SANDBOX_PARTS and BENCH_DASHBOARD_PARTS
 * pick parts, and so does naming a part instead of its section (`npm run bench -- crash`). The soak (bench/soak.ts, an hour by default, `--minutes N` for another length) runs only when
 * named: `npm run bench -- soak`. `--smoke` runs every part, the soak included, on tiny sizes (bench/smoke.ts).
 * A part that fails is named at the end and the run exits non-zero; the other parts still run.
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { runOnSupportedNode } from "../scripts/node-runtime.mjs";
import { knownAbortReruns, runWorker } from "./dashboard-support";
import { ROOT } from "./lib";
import { applySmokeEnv } from "./smoke";

type Parts = Record<string, () => Promise<void>>;

// Like `npm start` and `npm test`: on a Node.js older than the project supports, run again on Node.js 24, so the
// processes a part starts run the Node.js that its checks (the soak's V8 flags) are made against.
await runOnSupportedNode();

const smoke = process.argv.includes("--smoke");
const minutesAt = process.argv.indexOf("--minutes");
if (minutesAt >= 0) {
  const minutes = Number(process.argv[minutesAt + 1]);
  if (!(minutes > 0))
    throw new Error(`--minutes: give the soak's length in minutes (got "${process.argv[minutesAt + 1]}")`);
  process.env.BENCH_SOAK_SEC = String(Math.round(minutes * 60));
}
// The section modules read their knobs when loaded, so the smoke sizes are set before they are imported.
if (smoke) applySmokeEnv();
const { sandboxParts } = await import("./sandbox");
const { dashboardParts } = await import("./dashboard");
const { DIST_DIR } = await import("./dashboard-process");
const { runSoak } = await import("./soak");

/** `whenNamed`: left out of a run that names no section (unless --smoke). */
const sections: Record<string, { parts: Parts; pick?: string; whenNamed?: boolean }> = {
  sandbox: { parts: sandboxParts, pick: "BENCH_SANDBOX_PARTS" },
  dashboard: { parts: dashboardParts, pick: "BENCH_DASHBOARD_PARTS" },
  "pay-page": { parts: { lighthouse: () => runWorker("bench/pay-page.ts") } },
  soak: { parts: { "mixed-load": runSoak }, whenNamed: true },
};

/** The parts of `section` to run: all, or those its BENCH_*_PARTS variable names (an unknown name is an error). */
function picked(
  section: string,
  { parts, pick }: { parts: Parts; pick?: string },
): [string, Parts[string]][] {
  const names = pick && process.env[pick] ? process.env[pick].split(",") : Object.keys(parts);
  const unknown = names.filter((n) => !(n in parts));
  if (unknown.length > 0)
    throw new Error(
      `${pick}: no ${section} part ${unknown.join(", ")} (parts: ${Object.keys(parts).join(",")})`,
    );
  return Object.entries(parts).filter(([n]) => names.includes(n));
}

const words = process.argv.slice(2).filter((a, i, args) => !a.startsWith("-") && args[i - 1] !== "--minutes");
/** A word naming a part rather than a section (`npm run bench -- crash`): that part of its section alone. */
const namedParts = new Map<string, string[]>();
const wanted = words.flatMap((word) => {
  if (word in sections) return [word];
  const owners = Object.entries(sections).filter(([, s]) => word in s.parts);
  if (owners.length !== 1) return [word];
  const [section] = owners[0]!;
  namedParts.set(section, [...(namedParts.get(section) ?? []), word]);
  return [section];
});
const unknownSections = wanted.filter((s) => !(s in sections));
if (unknownSections.length > 0)
  throw new Error(
    `no bench section or part ${unknownSections.join(", ")} (sections: ${Object.keys(sections).join(", ")})`,
  );
const plan = Object.entries(sections)
  .filter(([name, s]) => wanted.includes(name) || (wanted.length === 0 && (smoke || !s.whenNamed)))
  .map(([name, section]) => {
    const only = words.includes(name) ? undefined : namedParts.get(name);
    const parts = picked(name, section).filter(([part]) => !only || only.includes(part));
    return [name, parts] as const;
  });

// One production build for the whole run (dashboard and pay-page parts start the server several times),
// removed at the end when it was not there before, unless BENCH_KEEP_BUILD=1.
const build = path.join(ROOT, DIST_DIR);
const removeBuild = process.env.BENCH_KEEP_BUILD !== "1" && !existsSync(build);
process.env.BENCH_KEEP_BUILD = "1";

const started = Date.now();
const failed: string[] = [];
let ran = 0;
try {
  for (const [section, parts] of plan) {
    console.log(`\n==== ${section} ====`);
    for (const [part, run] of parts) {
      ran++;
      const partStarted = Date.now();
      try {
        await run();
        console.log(`(${section}/${part}: ${((Date.now() - partStarted) / 1000).toFixed(0)} s)`);
      } catch (error) {
        failed.push(`${section}/${part}`);
        console.error(
          `\n✗ bench part ${section}/${part} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
  }
} finally {
  if (removeBuild) rmSync(build, { recursive: true, force: true });
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (knownAbortReruns.length > 0)
  console.log(`\nRun again:\n${knownAbortReruns.map((n) => `  ${n}`).join("\n")}`);
if (failed.length > 0) {
  console.error(`\nbench: ${failed.length} of ${ran} parts failed in ${seconds} s: ${failed.join(", ")}`);
  process.exit(1);
}
console.log(`\nbench: ${ran} parts ran in ${seconds} s`);
