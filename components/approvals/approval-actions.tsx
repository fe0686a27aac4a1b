"use client";

import { approvePayoutAction } from "@/lib/actions/approve-payout-action";
import { cancelPayoutAction } from "@/lib/actions/cancel-payout-action";
import { rejectPayoutAction } from "@/lib/actions/reject-payout-action";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { DecisionDialog, type DecisionField } from "./decision-dialog";
import { CANCEL_REASON_FIELD, REJECT_REASON_FIELD } from "./decision-fields";
import styles from "./approvals.module.css";

/**
 * The decisions the signed-in person may take on a pay-out awaiting approval. The page decides which
 * (`canDecide`: an admin or approver who did not create it; `canCancel`: its creator); the server checks
 * the same again.
 */
export function ApprovalActions(p: {
  orderId: string;
  /** "123.00 RUB to 4111 11** **** 1111": what is about to be sent, said in the dialog. */
  summary: string;
  canDecide: boolean;
  canCancel: boolean;
  /** Whether the pay-out still awaits a decision (false after a refresh shows someone else's). */
  waiting: boolean;
  /** A card pay-out's stored mask: approving asks for the full number again. */
  cardMask: string | null;
  /** What approving asks to confirm it is them: the password, or their second factor. */
  stepUp: StepUpPrompt;
}) {
  const approveFields: DecisionField[] = [];
  if (p.cardMask) {
    approveFields.push({
      name: "cardNumber",
      label: "Card number, again",
      type: "text",
      required: true,
      maxLength: 23,
      hint: `Only ${p.cardMask} was stored; type the full number from the pay-out's paperwork.`,
    });
  }
  return (
    <div className={styles.actions}>
      {p.canDecide && (
        <>
          <DecisionDialog
            label="Approve…"
            title="Approve and send this pay-out"
            description={`${p.summary} goes to the payment service as soon as you confirm.`}
            confirmLabel="Approve and send"
            primary
            offered={p.waiting}
            fields={approveFields}
            stepUp={p.stepUp}
            run={(v) =>
              approvePayoutAction({
                orderId: p.orderId,
                password: v.password,
                code: v.code,
                ...(p.cardMask ? { cardNumber: v.cardNumber } : {}),
              })
            }
          />
          <DecisionDialog
            label="Reject…"
            title="Reject this pay-out"
            description={`${p.summary} will never be sent. Its creator sees your reason.`}
            confirmLabel="Reject"
            danger
            offered={p.waiting}
            fields={[REJECT_REASON_FIELD]}
            run={(v) => rejectPayoutAction({ orderId: p.orderId, reason: v.reason })}
          />
        </>
      )}
      {p.canCancel && (
        <DecisionDialog
          label="Cancel pay-out…"
          title="Cancel this pay-out"
          description={`${p.summary} will never be sent.`}
          confirmLabel="Cancel pay-out"
          danger
          offered={p.waiting}
          fields={[CANCEL_REASON_FIELD]}
          run={(v) => cancelPayoutAction({ orderId: p.orderId, reason: v.reason })}
        />
      )}
    </div>
  );
}
