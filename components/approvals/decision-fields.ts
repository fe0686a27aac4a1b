/** The fields the decision dialogs ask for, shared by a single pay-out's and a pay-out file's decisions. */
import { REASON_MAX_LENGTH } from "@/lib/approvals/decision-schemas";
import type { DecisionField } from "./decision-dialog";

export const REJECT_REASON_FIELD: DecisionField = {
  name: "reason",
  label: "Reason",
  type: "textarea",
  required: true,
  maxLength: REASON_MAX_LENGTH,
};

export const CANCEL_REASON_FIELD: DecisionField = {
  name: "reason",
  label: "Reason (optional)",
  type: "textarea",
  maxLength: REASON_MAX_LENGTH,
};
