/**
 * Lighthouse (mobile, its default) on pay pages: performance and accessibility scores and the JavaScript
 * the page ships, gzip-compressed. Figures are printed, not asserted (targets: ≥ 99, 100, ≤ 150 KiB).
 *
 * Runs Lighthouse's CLI (devDependency lighthouse@12) against Debian's chromium. Call it from the bench
 * runner with a production server and pages of real orders, or on its own:
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:3104 /pay/<token> /pay/<token>
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_PATH } from "../scripts/ensure-setup.mjs";

export interface LighthouseFigures {
  path: string;
  performance: number;
  accessibility: number;
  /** Every script the page loaded, each gzip-compressed (level 9), summed, in KiB. */
  jsGzipKiB: number;
  /** What the server actually sent for those scripts (transfer sizes, headers included), in KiB. */
  jsTransferKiB: number;
  scripts: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Accessibility audits that failed, by id. */
  failedA11y: string[];
  /** The element Lighthouse took for the largest contentful paint (its HTML snippet, shortened). */
  lcpElement: string;
  /** Main-thread time at load by kind (script evaluation, style & layout, …), largest first, in ms. */
  mainThread: { group: string; ms: number }[];
}

/** BENCH_LIGHTHOUSE_REPORTS=<folder>: each page's median report is saved there as JSON, for a closer look. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];
const LIGHTHOUSE_CLI = path.resolve(import.meta.dirname, "../node_modules/lighthouse/cli/index.js");

interface LhAudit {
  score: number | null;
  numericValue?: number;
  details?: {
    items?: {
      url?: string;
      resourceType?: string;
      transferSize?: number;
      group?: string;
      groupLabel?: string;
      duration?: number;
      node?: { snippet?: string };
      items?: { node?: { snippet?: string } }[];
    }[];
  };
}
interface LhReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
}

function runCli(url: string): Promise<LhReport> {
  const userDataDir = mkdtempSync(path.join(tmpdir(), "lh-profile-"));
  const args = [
    LIGHTHOUSE_CLI,
    url,
    `--chrome-path=${CHROMIUM_PATH}`,
    `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${userDataDir}`].join(" ")}`,
    "--only-categories=performance,accessibility",
    "--output=json",
    "--output-path=stdout",
    "--quiet",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      rmSync(userDataDir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`lighthouse exited ${code} for ${url}: ${err.slice(-2000)}`));
      try {
        const report = JSON.parse(out) as LhReport;
        // A page that failed to load still yields a report, scored 0: that is an error, not a figure.
        if (report.runtimeError)
          throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
        resolve(report);
      } catch (error) {
        reject(new Error(`lighthouse could not measure ${url}: ${String(error)} ${err.slice(-500)}`));
      }
    });
  });
}

async function gzipKiB(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url} answered ${res.status} when re-fetched for its size`);
    bytes += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  }
  return bytes / 1024;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Runs Lighthouse `runs` times on each path of `baseUrl` (scores move with the machine's load, so the run
 * with the median performance score is kept, as Lighthouse's own docs advise), prints one line per page,
 * returns the figures.
 */
export async function runLighthouseBench(
  baseUrl: string,
  paths: string[],
  { runs = 3 }: { runs?: number } = {},
): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  for (const p of paths) {
    const url = new URL(p, baseUrl).toString();
    const reports: LhReport[] = [];
    for (let i = 0; i < runs; i++) reports.push(await runCli(url));
    reports.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const report = reports[Math.floor(reports.length / 2)]!;
    const allPerformance = reports.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
    const requests = report.audits["network-requests"]?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === "Script" && r.url);
    const a11y = report.categories.accessibility;
    const lcpItem = report.audits["largest-contentful-paint-element"]?.details?.items?.[0];
    const lcpSnippet = lcpItem?.node?.snippet ?? lcpItem?.items?.[0]?.node?.snippet ?? "";
    const mainThread = (report.audits["mainthread-work-breakdown"]?.details?.items ?? [])
      .map((i) => ({ group: i.groupLabel ?? i.group ?? "?", ms: Math.round(i.duration ?? 0) }))
      .sort((a, b) => b.ms - a.ms);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = p.replace(/\/pay\/([^/?]{6})[^/?]*/, "pay-$1").replace(/[^a-z0-9-]+/gi, "_");
      writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(report));
    }
    const figures: LighthouseFigures = {
      path: p,
      performance: Math.round((report.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((a11y?.score ?? 0) * 100),
      jsGzipKiB: round1(await gzipKiB(scripts.map((s) => s.url!))),
      jsTransferKiB: round1(scripts.reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024),
      scripts: scripts.length,
      lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: round1((report.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
      failedA11y: (a11y?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      lcpElement: lcpSnippet.length > 90 ? `${lcpSnippet.slice(0, 90)}…` : lcpSnippet,
      mainThread,
    };
    console.log(
      `lighthouse mobile ${p.replace(/\/pay\/[^/?]+/, "/pay/<token>")}: performance ${figures.performance} ` +
        `(median of ${allPerformance.join("/")}), ` +
        `accessibility ${figures.accessibility}, JS ${figures.jsGzipKiB} KiB gzip in ${figures.scripts} scripts ` +
        `(${figures.jsTransferKiB} KiB transferred), LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}` +
        (figures.failedA11y.length > 0 ? `; failed a11y audits: ${figures.failedA11y.join(", ")}` : ""),
    );
    console.log(
      `  LCP element: ${figures.lcpElement || "?"}; main thread: ` +
        figures.mainThread
          .slice(0, 4)
          .map((g) => `${g.group} ${g.ms} ms`)
          .join(", "),
    );
    results.push(figures);
  }
  return results;
}

if (process.argv[1]?.endsWith("lighthouse.ts")) {
  const [baseUrl, ...paths] = process.argv.slice(2);
  if (!baseUrl || paths.length === 0) throw new Error("usage: tsx bench/lighthouse.ts <baseUrl> <path>...");
  await runLighthouseBench(baseUrl, paths);
}
