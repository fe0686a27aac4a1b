/**
 * `npm run bench [-- section ...]`: prints each figure, as a ratio against a baseline measured in the same
 * run. Figures are reported, never asserted (machines are noisy). Sections: sandbox, dashboard, pay-page.
 */
import { runDashboardBench } from "./dashboard";
import { runWorker } from "./dashboard-support";
import { runSandboxBench } from "./sandbox";

const sections: Record<string, () => Promise<void>> = {
  sandbox: runSandboxBench,
  dashboard: runDashboardBench,
  "pay-page": () => runWorker("bench/pay-page.ts"),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const [name, run] of Object.entries(sections)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n==== ${name} ====`);
  await run();
}
