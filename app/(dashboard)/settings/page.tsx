import type { Metadata } from "next";
import { ApprovalSettingsForm } from "@/components/approvals/approval-settings-form";
import { requirePageUser, USER_ADMIN_ROLES } from "@/lib/auth";
import { getApprovalSettings } from "@/lib/database/dashboard/queries/payout-approvals";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Settings" };

/** /settings (admins): the dashboard's own settings; for now, which pay-outs wait for approval. */
export default async function SettingsPage() {
  await requirePageUser(USER_ADMIN_ROLES);
  const { mode, thresholds } = await getApprovalSettings(await getDb());
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>How this dashboard works for everyone on the merchant's team.</p>
        </div>
      </div>
      <ApprovalSettingsForm initial={{ mode, thresholds }} />
    </div>
  );
}
