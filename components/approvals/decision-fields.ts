/** The fields the decision dialogs ask for, shared by a single pay-out's and a pay-out file's decisions. */
import { REASON_MAX_LENGTH } from "@/lib/approvals/decision-schemas";
import type { DecisionField } from "./decision-dialog";

/** The step-up password (lib/auth/step-up.ts) an approve asks for. */
export const STEP_UP_PASSWORD_FIELD: DecisionField = {
  name: "password",
  label: "Your password",
  type: "password",
  required: true,
  autoComplete: "current-password",
  hint: "Approving sends money: confirm it is you.",
};

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
