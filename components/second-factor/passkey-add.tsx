"use client";

import { startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import { useId, useState, useTransition } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { passkeyRegistrationOptionsAction } from "@/lib/actions/passkey-registration-options-action";
import { registerPasskeyAction } from "@/lib/actions/register-passkey-action";
import { FACTOR_NAME_MAX } from "@/lib/auth/second-factor/schemas";
import styles from "./second-factor.module.css";

/** What the browser said when the passkey ceremony did not finish, for the status line. */
export function webAuthnFailure(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This passkey is on your account already.";
  if (error instanceof Error && error.name === "NotAllowedError")
    return "The passkey request was cancelled or timed out.";
  return "This browser could not use a passkey. Try again, or use another device.";
}

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
      try {
        const options = await passkeyRegistrationOptionsAction();
        if (!options.ok) {
          setMessage(options.message ?? "Could not start. Try again.");
          return;
        }
        let response: Awaited<ReturnType<typeof startRegistration>>;
        try {
          response = await startRegistration({ optionsJSON: options.options });
        } catch (e) {
          setMessage(webAuthnFailure(e));
          return;
        }
        const result = await registerPasskeyAction({ name, response });
        if (result.ok) {
          form.reset();
          onEnrolled(result.message ?? "Passkey added.", result.recoveryCodes);
          return;
        }
        setError(result.fieldErrors?.name);
        if (!result.fieldErrors?.name) setMessage(result.message ?? "Not added.");
      } catch {
        setMessage("Could not reach the dashboard. Try again.");
      }
    });
  }

  return (
    <form className="stack" onSubmit={add} noValidate aria-label="Add a passkey">
      <div className={styles.inline}>
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
