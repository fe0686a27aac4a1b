"use client";

import { QRCodeSVG } from "qrcode.react";
import { useId, useState } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { useFormAction } from "@/components/forms/use-form-action";
import { confirmTotpAction } from "@/lib/actions/confirm-totp-action";
import { startTotpEnrolmentAction } from "@/lib/actions/start-totp-enrolment-action";
import { TOTP_STEP_UP_PASSKEY_FIELD } from "@/lib/auth/second-factor/schemas";
import type { TotpSetup as Setup, StepUpPrompt } from "@/lib/auth/second-factor/types";
import styles from "./second-factor.module.css";
import { FACTOR_CHANGE_REASON, StepUpField } from "./step-up-field";

/**
 * Set up an authenticator app: a QR code of the otpauth:// URI (and the secret as text, for typing in),
 * then the code the app shows, which confirms it, with the step-up (`stepUp`: the password before a first
 * factor, else a passkey). `onEnrolled` gets the recovery codes of a first factor.
 */
export function TotpSetup({
  stepUp,
  onEnrolled,
}: {
  stepUp: StepUpPrompt;
  onEnrolled: (message: string, codes?: string[]) => void;
}) {
  const id = useId();
  const [setup, setSetup] = useState<Setup | null>(null);
  const { errors, setErrors, status, setStatus, pending, call } = useFormAction();
  const refused = (text: string) => setStatus({ tone: "error", text });

  function start() {
    setStatus(null);
    call(startTotpEnrolmentAction, (result) => {
      if (result.ok) setSetup(result.setup);
      else refused(result.message ?? "Could not start. Try again.");
    });
  }

  function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get("code") ?? "");
    const password = String(form.get("password") ?? "");
    setErrors({});
    setStatus(null);
    call(
      () => confirmTotpAction({ code, password }),
      (result) => {
        if (result.ok) {
          setSetup(null);
          onEnrolled(result.message ?? "Authenticator app set up.", result.recoveryCodes);
          return;
        }
        const fieldErrors = result.fieldErrors ?? {};
        setErrors(fieldErrors);
        const shown = ["code", "password", TOTP_STEP_UP_PASSKEY_FIELD].some((k) => k in fieldErrors);
        if (!shown) refused(result.message ?? "Not set up.");
      },
    );
  }

  if (!setup) {
    return (
      <div className="stack">
        <div>
          <button type="button" onClick={start} disabled={pending}>
            {pending ? "Starting…" : "Set up authenticator app"}
          </button>
        </div>
        <div role="status" aria-live="polite">
          {status ? <p className={`alert alert-error ${styles.flush}`}>{status.text}</p> : null}
        </div>
      </div>
    );
  }
  return (
    <form className="stack" onSubmit={confirm} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Set up an authenticator app</h3>
      <div className={styles.setup}>
        <div className={styles.qr}>
          <QRCodeSVG value={setup.uri} size={176} marginSize={0} title="QR code for your authenticator app" />
        </div>
        <div className="stack">
          <p className={styles.flush}>
            Scan the code with an authenticator app (Google Authenticator, 1Password, Microsoft
            Authenticator…), or type this key into it:
          </p>
          <p className={`${styles.secret} ${styles.flush}`} data-testid="totp-secret">
            {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </p>
          <PlainField id={`${id}-code`} label="Code from the app" error={errors.code} hint="6 digits">
            {(control) => (
              <input
                {...control}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                className={styles.narrow}
                required
              />
            )}
          </PlainField>
          <div className={styles.narrow}>
            {/* The step-up's code field would clash with the app's: a passkey is the one factor asked here. */}
            <StepUpField
              prompt={stepUp}
              idPrefix={id}
              errors={{ password: errors.password ?? "", code: errors[TOTP_STEP_UP_PASSKEY_FIELD] ?? "" }}
              reason={FACTOR_CHANGE_REASON}
            />
          </div>
          <div className="row">
            <button type="submit" className="button-primary" disabled={pending}>
              {pending ? "Checking…" : "Confirm"}
            </button>
            <button type="button" onClick={() => setSetup(null)} disabled={pending}>
              Cancel
            </button>
          </div>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {status ? <p className={`alert alert-error ${styles.flush}`}>{status.text}</p> : null}
      </div>
    </form>
  );
}
