/**
 * Issue 4 and 11 figures (`npm run bench pay-page`): Lighthouse (mobile) on the customer pay page of an
 * order of every pay-in method, from the production build on a scratch PostgreSQL database — performance, accessibility
 * and the JavaScript shipped (gzip) — each against the sign-in page of the same server in the same run (the
 * dashboard's smallest page: the framework's own cost). Targets: performance ≥ 99, accessibility 100,
 * JavaScript ≤ 150 KiB gzip.
 *
 * Run by bench/run.ts in a child started with `--conditions=react-server` (the orders are made by the
 * dashboard's own submit code, whose modules import "server-only"). Env: BENCH_PAY_PAGE_METHODS (a subset),
 * BENCH_LIGHTHOUSE_REPORTS (a folder for the reports), BENCH_LIGHTHOUSE_RUNS (per page,
 * default 3, the median kept), the build as bench/dashboard-process.ts says.
 */
import { PAYIN_METHODS } from "@/lib/contract";
import { withBenchDashboard } from "./dashboard-process";
import { figure, ratio } from "./lib";
import { type LighthouseFigures, runLighthouseBench } from "./lighthouse";
import { createPayPageOrder } from "./pay-page-orders";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_PAY_PAGE_METHODS=QRNSPK,PIX: only these methods' pages (a closer look at one); default every one. */
const METHODS = process.env.BENCH_PAY_PAGE_METHODS
  ? PAYIN_METHODS.filter((m) => process.env.BENCH_PAY_PAGE_METHODS!.split(",").includes(m))
  : PAYIN_METHODS;

function compare(name: string, page: LighthouseFigures, baseline: LighthouseFigures): void {
  console.log(`\n${name}`);
  figure("  performance", page.performance, "", `(sign-in page ${baseline.performance}; target ≥ 99)`);
  ratio("  performance / sign-in page", page.performance, baseline.performance, "≈ 1");
  figure("  accessibility", page.accessibility, "", `(sign-in page ${baseline.accessibility}; target 100)`);
  ratio("  accessibility / sign-in page", page.accessibility, baseline.accessibility, "≈ 1");
  figure(
    "  JavaScript shipped",
    page.jsGzipKiB,
    "KiB gzip",
    `(sign-in page ${baseline.jsGzipKiB}; target ≤ 150)`,
  );
  ratio("  JavaScript / sign-in page", page.jsGzipKiB, baseline.jsGzipKiB, "informational");
}

/** The slowest pay page against the sign-in page: the figure the target is about. */
function summarize(pages: LighthouseFigures[], baseline: LighthouseFigures): void {
  const worst = pages.reduce((a, b) => (b.performance < a.performance ? b : a));
  const heaviest = pages.reduce((a, b) => (b.jsGzipKiB > a.jsGzipKiB ? b : a));
  console.log("\nall pay pages");
  figure(
    "  lowest performance",
    worst.performance,
    "",
    `(sign-in page ${baseline.performance}; target ≥ 99)`,
  );
  ratio("  lowest performance / sign-in page", worst.performance, baseline.performance, "≥ 1");
  figure("  most JavaScript", heaviest.jsGzipKiB, "KiB gzip", "(target ≤ 150)");
  figure(
    "  accessibility audits failed",
    pages.reduce((n, p) => n + p.failedA11y.length, 0),
    "",
    "(target 0)",
  );
}

export async function runPayPageBench(): Promise<void> {
  await withBenchDashboard({
    name: "bench_pay_page",
    run: async (server, db) => {
      if (!db) throw new Error("the pay-page bench runs on PostgreSQL, which stays open while it measures");
      const orders = { db, paymentApiBaseUrl: server.sandboxUrl, publicBaseUrl: server.url };
      const pages: string[] = [];
      for (const method of METHODS) {
        // Random cents on the QR orders: their pages then show the emphasised exact-amount block too.
        const overrides = method.startsWith("QRNSPK") ? { addRandomCents: true } : {};
        pages.push(await createPayPageOrder(orders, method, overrides));
      }
      const [baseline, ...payPages] = await runLighthouseBench(server.url, ["/login", ...pages], {
        runs: RUNS,
      });
      if (!baseline || payPages.length !== METHODS.length)
        throw new Error("lighthouse returned fewer pages than asked");
      for (const [i, method] of METHODS.entries())
        compare(`pay page of a ${method} order`, payPages[i]!, baseline);
      summarize(payPages, baseline);
    },
  });
}

if (process.argv[1]?.endsWith("pay-page.ts")) await runPayPageBench();
