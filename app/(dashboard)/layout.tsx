import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Providers } from "@/components/providers";
import { requirePageUser } from "@/lib/auth";
import { getDb, getEnv } from "@/lib/runtime";
import { countOpenCases } from "@/lib/database/dashboard/queries/payment-cases";
import { listSavedViews } from "@/lib/database/dashboard/queries/saved-views";
import { countAlertsByState } from "@/lib/database/dashboard/queries/alerts";
import { countAwaitingApproval } from "@/lib/database/dashboard/queries/payout-approvals";
import { APPROVE_ROLES } from "@/lib/auth/roles";

/**
 * The signed-in staff shell. It checks the session for the whole group, but every page still calls
 * requirePageUser itself (layouts don't re-render on client navigation, so they can't be the only gate).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  const db = await getDb();
  const [views, openCases, alerts, awaitingApproval] = await Promise.all([
    listSavedViews(db, user.id),
    countOpenCases(db),
    countAlertsByState(db),
    APPROVE_ROLES.includes(user.role) ? countAwaitingApproval(db) : undefined,
  ]);
  return (
    <AppShell
      user={user}
      sandbox={getEnv().usesSandbox}
      views={views}
      openCases={openCases}
      openAlerts={alerts.open}
      awaitingApproval={awaitingApproval}
    >
      <Providers>{children}</Providers>
    </AppShell>
  );
}
