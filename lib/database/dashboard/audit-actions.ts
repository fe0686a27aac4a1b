/**
 * Every audit-log action code, in one place (the audit_log.action column takes these alone). writeAudit accepts only these, and the activity log must
 * have a sentence for each (components/users/activity-text.ts, checked by its unit test), so a new code
 * cannot reach the log as a raw string. Plain module: safe in client components.
 */
export const AUDIT_ACTIONS = [
  "auth.sign-in",
  "auth.sign-out",
  "auth.sign-in-failed",
  "auth.sign-in-blocked",
  "auth.account-locked",
  "auth.session-end",
  "auth.sessions-end-others",
  "auth.second-factor-failed",
  "user.bootstrap",
  "user.create",
  "user.role",
  "user.disable",
  "user.enable",
  "user.unlock",
  "user.password-change",
  "user.password-reset",
  "user.session-end",
  "user.sessions-end",
  "user.second-factor-add",
  "user.second-factor-remove",
  "user.second-factor-reset",
  "user.recovery-codes",
  "order.create",
  "order.retry",
  "order.resume",
  "order.sandbox-status",
  "order.approval-requested",
  "order.approve",
  "order.approved-send",
  "order.reject",
  "order.cancel",
  "settings.payout-approvals",
  "settings.approver-hold",
  "settings.second-factor",
  "batch.upload",
  "batch.approve",
  "batch.reject",
  "batch.cancel",
  "orders.export",
  "requests.export",
  "callback.reapply",
  "callbacks.reapply-filter",
  "callback.resend",
  "case.open",
  "case.close",
  "alert.acknowledge",
  "alert.resolve",
  "settings.alerts",
  "settings.alert-channel-add",
  "settings.alert-channel-remove",
  "settings.alert-channel-test",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}
