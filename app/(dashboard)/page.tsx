import type { Metadata } from "next";
import { OpenCasesNote } from "@/components/cases/open-cases-note";
import { InsightsHeadline } from "@/components/overview/insights-headline";
import { LatestCallbacks } from "@/components/overview/latest-callbacks";
import { LiveOverview } from "@/components/overview/live-overview";
import { OverviewHeader } from "@/components/overview/overview-header";
import { RecentOrders } from "@/components/overview/recent-orders";
import { StatusCounts } from "@/components/overview/status-counts";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { getDb } from "@/lib/runtime";
import { listOrders } from "@/lib/database/dashboard/queries/order-list";
import { countOpenCases } from "@/lib/database/dashboard/queries/payment-cases";
import { loadOverview } from "@/lib/overview/load-overview";
import { loadInsights } from "@/lib/insights/load-insights";
import { parseInsightsRange } from "@/lib/insights/range";

export const metadata: Metadata = { title: "Overview" };

/** / — orders by status, the latest orders and callbacks (live), and the way to the common tasks. */
export default async function OverviewPage() {
  const user = await requirePageUser();
  const db = await getDb();
  const last24h = parseInsightsRange({ range: "24h" });
  const [snapshot, recent, insights, openCases] = await Promise.all([
    loadOverview(db),
    listOrders(db, {}, { limit: 10 }),
    last24h.ok ? loadInsights(db, last24h.range) : null,
    countOpenCases(db),
  ]);
  const canWrite = ORDER_WRITE_ROLES.includes(user.role);
  return (
    <div className="page stack">
      <OverviewHeader name={user.name} canWrite={canWrite} />
      <OpenCasesNote count={openCases} />
      <LiveOverview initial={snapshot}>
        <StatusCounts />
        {insights ? <InsightsHeadline summary={insights.summary} /> : null}
        <RecentOrders rows={recent.rows} canWrite={canWrite} />
        <LatestCallbacks />
      </LiveOverview>
    </div>
  );
}
