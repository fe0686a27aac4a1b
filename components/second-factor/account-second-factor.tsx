"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { DecisionDialog } from "@/components/approvals/decision-dialog";
import type { FormStatusValue } from "@/components/forms/form-status";
import { newRecoveryCodesAction } from "@/lib/actions/new-recovery-codes-action";
import type { AccountFactors, StepUpPrompt } from "@/lib/auth/second-factor/types";
import { FactorList } from "./factor-list";
import { PasskeyAdd } from "./passkey-add";
import { RecoveryCodes } from "./recovery-codes";
import styles from "./second-factor.module.css";
import { StatusLine } from "./status-line";
import { FACTOR_CHANGE_REASON } from "./step-up-field";
import { TotpSetup } from "./totp-setup";

/**
 * Your account → Second factor: the factors, an authenticator app to set up (one), passkeys to add (any
 * number), and the recovery codes (shown once when made). Each answer lands in one status line. Every change
 * but a rename asks for `stepUp` (lib/auth/step-up.ts): the password before a first factor, then a factor.
 */
export function AccountSecondFactor({
  initial,
  stepUp,
  enrolStepUp,
}: {
  initial: AccountFactors;
  stepUp: StepUpPrompt;
  /** The prompt for adding a factor (fresh a while after a recovery-code sign-in, unlike `stepUp`). */
  enrolStepUp: StepUpPrompt;
}) {
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const hasTotp = initial.factors.some((f) => f.kind === "totp");

  const changed = (ok: boolean, text: string, newCodes?: string[]) => {
    setStatus({ tone: ok ? "success" : "error", text });
    if (newCodes) setCodes(newCodes);
    if (ok) router.refresh();
  };

  /** A refusal stays in the dialog, at the step-up field it names; the new codes are shown in the section. */
  async function regenerate(values: Record<string, string>) {
    const result = await newRecoveryCodesAction(values);
    if (result.ok) changed(true, result.message ?? "", result.recoveryCodes);
    return result;
  }

  return (
    <section className="card stack" aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading">Second factor</h2>
      <p className={`muted ${styles.flush}`}>
        After your password, signing in asks for a code from your authenticator app or a passkey; so does
        approving a pay-out.
      </p>
      <StatusLine status={status} />
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      <FactorList factors={initial.factors} stepUp={stepUp} onChanged={(ok, text) => changed(ok, text)} />
      {hasTotp ? null : <TotpSetup stepUp={enrolStepUp} onEnrolled={(text, c) => changed(true, text, c)} />}
      <h3>Passkeys</h3>
      <PasskeyAdd stepUp={enrolStepUp} onEnrolled={(text, c) => changed(true, text, c)} />
      {initial.factors.length > 0 ? (
        <>
          <h3>Recovery codes</h3>
          <p className={`muted ${styles.flush}`} data-testid="recovery-count">
            {initial.unusedRecoveryCodes} of 10 unused.
          </p>
          <div>
            <DecisionDialog
              label="Make new recovery codes"
              title="Make new recovery codes?"
              description="Your current codes stop working; the ten new ones are shown once."
              confirmLabel="Make new codes"
              fields={[]}
              stepUp={stepUp}
              stepUpReason={FACTOR_CHANGE_REASON}
              offered
              run={regenerate}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
