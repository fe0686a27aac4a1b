/**
 * Issue 3 figures (`npm run bench dashboard`): server-action create overhead over a direct signed call,
 * callback receiver throughput against an empty Next route handler (plus the real action over HTTP), and
 * the orders list at 1M orders against 1k. Each figure against a baseline measured in the same run.
 *
 * Parts that load "server-only" modules run as children with the react-server export condition.
 */
import { runServerBench } from "./dashboard-server";
import { runWorker } from "./dashboard-support";

export async function runDashboardBench(): Promise<void> {
  const wanted = (process.env.BENCH_DASHBOARD_PARTS ?? "action,server,list,counts,push").split(",");
  if (wanted.includes("action")) await runWorker("bench/dashboard-action.ts");
  if (wanted.includes("server")) await runServerBench();
  if (wanted.includes("list")) await runWorker("bench/dashboard-list.ts");
  if (wanted.includes("counts")) await runWorker("bench/dashboard-counts.ts");
  if (wanted.includes("push")) await runWorker("bench/dashboard-push.ts");
}
