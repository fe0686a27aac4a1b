"use client";

import { DecisionDialog, type DecisionField } from "@/components/approvals/decision-dialog";
import { closePaymentCaseAction } from "@/lib/actions/close-payment-case-action";
import { STAFF_NOTE_MAX_LENGTH } from "@/lib/cases/close-schema";
import shared from "@/components/approvals/approvals.module.css";

const NOTE_FIELD: DecisionField = {
  name: "note",
  label: "Note (optional)",
  type: "textarea",
  maxLength: STAFF_NOTE_MAX_LENGTH,
  hint: "Staff only: the customer sees the outcome, never the note.",
};

/** Close an open case as found or not found (operators and admins; the server checks the role again). */
export function CaseCloseActions({ caseId, reference }: { caseId: string; reference: string }) {
  return (
    <div className={shared.actions}>
      <DecisionDialog
        label="Close as found…"
        title="Close the case as found"
        description={`You confirm that the money arrived (reference ${reference}: the bank statement, a late callback). The customer's page stops its countdown and says the payment is confirmed; the order keeps the status the payment service reports, and its page says who confirmed it and when.`}
        confirmLabel="Close as found"
        primary
        offered
        fields={[NOTE_FIELD]}
        run={(v) => closePaymentCaseAction({ caseId, outcome: "found", note: v.note })}
      />
      <DecisionDialog
        label="Close as not found…"
        title="Close the case as not found"
        description={`No payment with reference ${reference} was found. The customer's page says so and asks them to contact you; they may send another reference.`}
        confirmLabel="Close as not found"
        danger
        offered
        fields={[NOTE_FIELD]}
        run={(v) => closePaymentCaseAction({ caseId, outcome: "not_found", note: v.note })}
      />
    </div>
  );
}
