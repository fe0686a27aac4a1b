"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { newRecoveryCodesAction } from "@/lib/actions/new-recovery-codes-action";
import type { AccountFactors } from "@/lib/auth/second-factor/types";
import { FactorList } from "./factor-list";
import { PasskeyAdd } from "./passkey-add";
import { RecoveryCodes } from "./recovery-codes";
import styles from "./second-factor.module.css";
import { StatusLine } from "./status-line";
import { TotpSetup } from "./totp-setup";

/**
 * Your account → Second factor: the factors, an authenticator app to set up (one), passkeys to add (any
 * number), and the recovery codes (shown once when made). Each answer lands in one status line.
 */
export function AccountSecondFactor({ initial }: { initial: AccountFactors }) {
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const hasTotp = initial.factors.some((f) => f.kind === "totp");

  const changed = (ok: boolean, text: string, newCodes?: string[]) => {
    setStatus({ ok, text });
    if (newCodes) setCodes(newCodes);
    if (ok) router.refresh();
  };

  function regenerate() {
    startTransition(async () => {
      try {
        const result = await newRecoveryCodesAction();
        changed(result.ok, result.message ?? "", result.ok ? result.recoveryCodes : undefined);
      } catch {
        changed(false, "Could not reach the dashboard. Try again.");
      }
    });
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
      <FactorList factors={initial.factors} onChanged={(ok, text) => changed(ok, text)} />
      {hasTotp ? null : <TotpSetup onEnrolled={(text, c) => changed(true, text, c)} />}
      <h3>Passkeys</h3>
      <PasskeyAdd onEnrolled={(text, c) => changed(true, text, c)} />
      {initial.factors.length > 0 ? (
        <>
          <h3>Recovery codes</h3>
          <p className={`muted ${styles.flush}`} data-testid="recovery-count">
            {initial.unusedRecoveryCodes} of 10 unused.
          </p>
          <div>
            <button type="button" onClick={regenerate} disabled={pending}>
              Make new recovery codes
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
