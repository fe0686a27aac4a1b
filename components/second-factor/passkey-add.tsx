"use client";

import { useId, useState, useTransition } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { passkeyRegistrationOptionsAction } from "@/lib/actions/passkey-registration-options-action";
import { registerPasskeyAction } from "@/lib/actions/register-passkey-action";
import { FACTOR_NAME_MAX } from "@/lib/auth/second-factor/schemas";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { createPasskey } from "./passkey-ceremony";
import styles from "./second-factor.module.css";
import { FACTOR_CHANGE_REASON, STEP_UP_FIELDS, StepUpField } from "./step-up-field";

/** Whether a refusal names a field this form shows (else its message goes to the status line). */
const shown = (fieldErrors: Record<string, string> | undefined) =>
  Object.keys(fieldErrors ?? {}).some(
    (k) => k === "name" || (STEP_UP_FIELDS as readonly string[]).includes(k),
  );

/**
 * Add a passkey: a name to tell it apart and the step-up (`stepUp`: the password before a first factor),
 * then the browser's own passkey prompt.
 */
export function PasskeyAdd({
  stepUp,
  onEnrolled,
}: {
  stepUp: StepUpPrompt;
  onEnrolled: (message: string, codes?: string[]) => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    const name = String(values.get("name") ?? "").trim();
    const stepUpValues = Object.fromEntries(STEP_UP_FIELDS.map((f) => [f, String(values.get(f) ?? "")]));
    setErrors({});
    setMessage(null);
    if (!name) {
      setErrors({ name: "Required: a name to tell it apart" });
      return;
    }
    startTransition(async () => {
      const done = await createPasskey(
        () => passkeyRegistrationOptionsAction(stepUpValues),
        (response) => registerPasskeyAction({ name, response }),
      );
      if (!done.reached) {
        // A refused step-up is named at its field, before the browser made any passkey.
        if (shown(done.fieldErrors)) setErrors(done.fieldErrors ?? {});
        else setMessage(done.message);
        return;
      }
      const result = done.result;
      if (result.ok) {
        form.reset();
        onEnrolled(result.message ?? "Passkey added.", result.recoveryCodes);
        return;
      }
      setErrors(result.fieldErrors ?? {});
      if (!shown(result.fieldErrors)) setMessage(result.message ?? "Not added.");
    });
  }

  return (
    <form className="stack" onSubmit={add} noValidate aria-label="Add a passkey">
      <div className={`stack ${styles.narrow}`}>
        <PlainField
          id={`${id}-name`}
          label="Passkey name"
          error={errors.name}
          hint="Where it lives: “Work laptop”, “YubiKey”"
        >
          {(control) => (
            <input {...control} name="name" maxLength={FACTOR_NAME_MAX} autoComplete="off" required />
          )}
        </PlainField>
        <StepUpField prompt={stepUp} idPrefix={id} errors={errors} reason={FACTOR_CHANGE_REASON} />
      </div>
      <div>
        <button type="submit" disabled={pending}>
          {pending ? "Waiting for the passkey…" : "Add passkey"}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {message ? <p className={`alert alert-error ${styles.flush}`}>{message}</p> : null}
      </div>
    </form>
  );
}
