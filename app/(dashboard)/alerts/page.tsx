import type { Metadata } from "next";
import { AutoRefresh } from "@/components/batches/auto-refresh";
import { type AlertFilter, AlertsList } from "@/components/alerts/alerts-list";
import { hasRole, ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { requirePageUser } from "@/lib/auth";
import { listAlerts } from "@/lib/database/dashboard/queries/alerts";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Alerts" };

/** /alerts — what the alert rules raised (everyone signed in reads; operators and admins act). */
export default async function AlertsPage({ searchParams }: { searchParams: Promise<{ state?: string }> }) {
  const user = await requirePageUser();
  const { state } = await searchParams;
  const filter: AlertFilter = state === "resolved" || state === "all" ? state : "unresolved";
  const alerts = await listAlerts(
    await getDb(),
    filter === "all" ? undefined : filter === "resolved" ? ["resolved"] : ["open", "acknowledged"],
  );
  return (
    <>
      {/* Alerts come and go by themselves: the list follows every few seconds. */}
      <AutoRefresh active intervalMs={5_000} />
      <AlertsList alerts={alerts} filter={filter} canAct={hasRole(user.role, ORDER_WRITE_ROLES)} />
    </>
  );
}
