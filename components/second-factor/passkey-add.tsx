"use client";

import { useId, useState, useTransition } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { passkeyRegistrationOptionsAction } from "@/lib/actions/passkey-registration-options-action";
import { registerPasskeyAction } from "@/lib/actions/register-passkey-action";
import { FACTOR_NAME_MAX } from "@/lib/auth/second-factor/schemas";
import { createPasskey } from "./passkey-ceremony";
import styles from "./second-factor.module.css";

/** Add a passkey: a name to tell it apart, then the browser's own passkey prompt. */
export function PasskeyAdd({ onEnrolled }: { onEnrolled: (message: string, codes?: string[]) => void }) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setError(undefined);
    setMessage(null);
    if (!name) {
      setError("Required: a name to tell it apart");
      return;
    }
    startTransition(async () => {
      const done = await createPasskey(passkeyRegistrationOptionsAction, (response) =>
        registerPasskeyAction({ name, response }),
      );
      if (!done.reached) return setMessage(done.message);
      const result = done.result;
      if (result.ok) {
        form.reset();
        onEnrolled(result.message ?? "Passkey added.", result.recoveryCodes);
        return;
      }
      setError(result.fieldErrors?.name);
      if (!result.fieldErrors?.name) setMessage(result.message ?? "Not added.");
    });
  }

  return (
    <form className="stack" onSubmit={add} noValidate aria-label="Add a passkey">
      <div className={styles.fieldRow}>
        <PlainField
          id={`${id}-name`}
          label="Passkey name"
          error={error}
          hint="Where it lives: “Work laptop”, “YubiKey”"
        >
          {(control) => (
            <input {...control} name="name" maxLength={FACTOR_NAME_MAX} autoComplete="off" required />
          )}
        </PlainField>
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
