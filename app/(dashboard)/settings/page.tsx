import type { Metadata } from "next";
import { ApprovalSettingsForm } from "@/components/approvals/approval-settings-form";
import { SecondFactorSettingForm } from "@/components/second-factor/second-factor-setting-form";
import { requirePageUser, USER_ADMIN_ROLES } from "@/lib/auth";
import { getApprovalSettings } from "@/lib/database/dashboard/queries/payout-approvals";
import { getSecondFactorRequired } from "@/lib/database/dashboard/queries/second-factors";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Settings" };

/** /settings (admins): the dashboard's own settings: which pay-outs wait for approval, the second factor. */
export default async function SettingsPage() {
  await requirePageUser(USER_ADMIN_ROLES);
  const db = await getDb();
  const [{ mode, thresholds }, factorRequired] = await Promise.all([
    getApprovalSettings(db),
    getSecondFactorRequired(db),
  ]);
  return (
    <div className="page stack">
      <div className="page-header">
        <div>
          <h1>Settings</h1>
          <p>How this dashboard works for everyone on the merchant's team.</p>
        </div>
      </div>
      <ApprovalSettingsForm initial={{ mode, thresholds }} />
      <SecondFactorSettingForm required={factorRequired} />
    </div>
  );
}
