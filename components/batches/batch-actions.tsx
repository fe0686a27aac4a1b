"use client";

import { approveBatchAction } from "@/lib/actions/approve-batch-action";
import { cancelBatchAction } from "@/lib/actions/cancel-batch-action";
import { rejectBatchAction } from "@/lib/actions/reject-batch-action";
import { DecisionDialog } from "@/components/approvals/decision-dialog";
import { CANCEL_REASON_FIELD, REJECT_REASON_FIELD } from "@/components/approvals/decision-fields";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import styles from "@/components/approvals/approvals.module.css";

/**
 * The decisions on a batch the signed-in person may take, through the approvals' own dialog (step-up on
 * approve). The page decides which; the server checks the same again (lib/batches/batches.ts).
 */
export function BatchActions(p: {
  batchId: string;
  /** "300 pay-outs (RUB 45000.00)": what is about to be sent, said in the dialogs. */
  summary: string;
  canDecide: boolean;
  /** "batch": cancel the waiting batch; "rows": cancel the rows not yet sent; null: no cancel. */
  cancel: "batch" | "rows" | null;
  waiting: boolean;
  /** What approving asks to confirm it is them: the password, or their second factor. */
  stepUp: StepUpPrompt;
}) {
  return (
    <div className={styles.actions}>
      {p.canDecide && (
        <>
          <DecisionDialog
            label="Approve…"
            title="Approve and send this file"
            description={`${p.summary} go to the payment service as soon as you confirm.`}
            confirmLabel="Approve and send"
            primary
            offered={p.waiting}
            fields={[]}
            stepUp={p.stepUp}
            run={(v) => approveBatchAction({ batchId: p.batchId, password: v.password, code: v.code })}
          />
          <DecisionDialog
            label="Reject…"
            title="Reject this file"
            description={`${p.summary} will never be sent. Its uploader sees your reason.`}
            confirmLabel="Reject"
            danger
            offered={p.waiting}
            fields={[REJECT_REASON_FIELD]}
            run={(v) => rejectBatchAction({ batchId: p.batchId, reason: v.reason })}
          />
        </>
      )}
      {p.cancel && (
        <DecisionDialog
          label={p.cancel === "batch" ? "Cancel file…" : "Cancel unsent rows…"}
          title={p.cancel === "batch" ? "Cancel this file" : "Cancel the rows not yet sent"}
          description={
            p.cancel === "batch"
              ? `${p.summary} will never be sent.`
              : "Rows already handed to their orders stay sent; the others will never be sent."
          }
          confirmLabel={p.cancel === "batch" ? "Cancel file" : "Cancel unsent rows"}
          danger
          offered
          fields={[CANCEL_REASON_FIELD]}
          run={(v) => cancelBatchAction({ batchId: p.batchId, reason: v.reason })}
        />
      )}
    </div>
  );
}
