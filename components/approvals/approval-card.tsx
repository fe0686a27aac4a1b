import { LocalTime } from "@/components/time/local-time";
import { formatAmount } from "@/components/orders/format";
import { recipientLine } from "@/components/orders/recipient";
import { AWAITING_APPROVAL } from "@/lib/database/dashboard/local-status";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import type { PayoutApprovalView } from "@/lib/database/dashboard/queries/payout-approvals";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { ApprovalActions } from "./approval-actions";
import styles from "./approvals.module.css";

const DECISION_TEXT = { approved: "Approved", rejected: "Rejected", cancelled: "Cancelled by its creator" };

/**
 * The order page's approval card for a pay-out that was held (docs/guide.md, Pay-out approvals): why it
 * waited, who asked and when, who decided, when and why, and, while it waits, the decisions the viewer may
 * take. Server component.
 */
export function ApprovalCard({
  order,
  approval,
  viewer,
}: {
  order: OrderRow;
  approval: PayoutApprovalView;
  viewer: { canDecide: boolean; canCancel: boolean; stepUp: StepUpPrompt };
}) {
  const waiting = order.status === AWAITING_APPROVAL;
  const details = order.request.payoutDetails;
  const ccNo =
    typeof details === "object" && details !== null ? (details as { ccNo?: unknown }).ccNo : undefined;
  const amount = `${formatAmount(order.amount)} ${order.currency ?? ""}`.trim();
  const recipient = recipientLine(order.request);
  // The decision's dialog says whom the money goes to beside how much: an approver confirms both.
  const summary = recipient ? `${amount} to ${recipient}` : amount;
  return (
    <section
      className={`card stack ${waiting ? "alert alert-warning" : ""}`}
      aria-labelledby="approval-title"
      data-testid="approval-card"
    >
      <h2 id="approval-title">{waiting ? "Awaiting approval" : "Approval"}</h2>
      {waiting && (
        <p className={styles.flush}>
          Nothing has been sent to the payment service. An approver or admin other than its creator approves
          it (then it is sent) or rejects it.
        </p>
      )}
      <dl className={styles.facts}>
        <dt>{waiting ? "Why it waits" : "Why it waited"}</dt>
        <dd>The approval setting holds {approval.rule}</dd>
        <dt>Created by</dt>
        <dd>
          {approval.requestedByEmail ?? "an unknown account"}, <LocalTime value={approval.requestedAt} />
        </dd>
        {approval.decision && approval.decidedAt && (
          <>
            <dt>{DECISION_TEXT[approval.decision]}</dt>
            <dd>
              by {approval.decidedByEmail ?? "an unknown account"}, <LocalTime value={approval.decidedAt} />
            </dd>
          </>
        )}
        {approval.reason && (
          <>
            <dt>Reason</dt>
            <dd data-testid="approval-reason">{approval.reason}</dd>
          </>
        )}
      </dl>
      {/* Kept after the decision too (no buttons then): a dialog open when someone else decided stays. */}
      {(viewer.canDecide || viewer.canCancel) && (
        <ApprovalActions
          orderId={order.id}
          waiting={waiting}
          summary={`This pay-out of ${summary}`}
          canDecide={viewer.canDecide}
          canCancel={viewer.canCancel}
          cardMask={typeof ccNo === "string" ? ccNo : null}
          stepUp={viewer.stepUp}
        />
      )}
      {waiting && !viewer.canDecide && !viewer.canCancel && (
        <p className={`muted ${styles.flush}`}>
          Someone else decides: an approver or admin who did not create it.
        </p>
      )}
    </section>
  );
}
