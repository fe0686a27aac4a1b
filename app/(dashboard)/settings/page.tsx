import type { Metadata } from "next";
import { ApprovalSettingsForm } from "@/components/approvals/approval-settings-form";
import { NewApproversCard } from "@/components/approvals/new-approvers-card";
import { SecondFactorSettingForm } from "@/components/second-factor/second-factor-setting-form";
import { requirePageUser, USER_ADMIN_ROLES } from "@/lib/auth";
import { APPROVE_ROLES } from "@/lib/auth/roles";
import { getApproverHoldHours, listApproverGrants } from "@/lib/database/dashboard/queries/approver-hold";
import { getApprovalSettings } from "@/lib/database/dashboard/queries/payout-approvals";
import { getSecondFactorRequired } from "@/lib/database/dashboard/queries/second-factors";
import { getDb, getEnv } from "@/lib/runtime";
import { AlertChannels } from "@/components/alerts/alert-channels";
import { AlertRulesForm } from "@/components/alerts/alert-rules-form";
import { maskedTarget } from "@/lib/alerts/channel-schema";
import { getAlertRuleSettings } from "@/lib/alerts/settings";
import { listAlertChannels } from "@/lib/database/dashboard/queries/alerts";

export const metadata: Metadata = { title: "Settings" };

/** /settings (admins): the dashboard's own settings: which pay-outs wait for approval, the second factor, alert rules and channels. */
export default async function SettingsPage() {
  await requirePageUser(USER_ADMIN_ROLES);
  const db = await getDb();
  const [{ mode, thresholds }, holdHours, grants, factorRequired, alertRules, channels] = await Promise.all([
    getApprovalSettings(db),
    getApproverHoldHours(db),
    listApproverGrants(db, APPROVE_ROLES),
    getSecondFactorRequired(db),
    getAlertRuleSettings(db),
    listAlertChannels(db),
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
      <NewApproversCard
        hours={holdHours}
        grants={grants.map((g) => ({ ...g, grantedAt: g.grantedAt.toISOString() }))}
      />
      <SecondFactorSettingForm required={factorRequired} />
      <AlertRulesForm initial={alertRules} />
      <AlertChannels
        smtpConfigured={Boolean(getEnv().SMTP_URL)}
        channels={channels.map((c) => ({
          id: c.id,
          kind: c.kind,
          name: c.name,
          format: c.format,
          target: maskedTarget(c.kind, c.target),
        }))}
      />
    </div>
  );
}
