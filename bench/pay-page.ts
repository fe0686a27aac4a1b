/**
 * Issue 4 figures (`npm run bench pay-page`): Lighthouse (mobile) on the customer pay page of a QR order and
 * of a card order, from the production build on a scratch PostgreSQL database — performance, accessibility
 * and the JavaScript shipped (gzip) — each against the sign-in page of the same server in the same run (the
 * dashboard's smallest page: the framework's own cost). Targets: performance ≥ 99, accessibility 100,
 * JavaScript ≤ 150 KiB gzip.
 *
 * Run by bench/run.ts in a child started with `--conditions=react-server` (the orders are made by the
 * dashboard's own submit code, whose modules import "server-only"). Env: BENCH_LIGHTHOUSE_RUNS (per page,
 * default 3, the median kept), the build as bench/dashboard-process.ts says.
 */
import { withBenchDashboard } from "./dashboard-process";
import { figure, ratio } from "./lib";
import { type LighthouseFigures, runLighthouseBench } from "./lighthouse";
import { createPayPageOrder } from "./pay-page-orders";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

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

export async function runPayPageBench(): Promise<void> {
  await withBenchDashboard({
    name: "bench_pay_page",
    run: async (server, db) => {
      if (!db) throw new Error("the pay-page bench runs on PostgreSQL, which stays open while it measures");
      const orders = { db, paymentApiBaseUrl: server.sandboxUrl, publicBaseUrl: server.url };
      // Random cents on the QR order: its page then shows the emphasised exact-amount block too.
      const qrPage = await createPayPageOrder(orders, "QRNSPK", { addRandomCents: true });
      const cardPage = await createPayPageOrder(orders, "Card");
      const [baseline, qr, card] = await runLighthouseBench(server.url, ["/login", qrPage, cardPage], {
        runs: RUNS,
      });
      if (!baseline || !qr || !card) throw new Error("lighthouse returned fewer pages than asked");
      compare("pay page of a QRNSPK order", qr, baseline);
      compare("pay page of a Card order", card, baseline);
    },
  });
}

if (process.argv[1]?.endsWith("pay-page.ts")) await runPayPageBench();
