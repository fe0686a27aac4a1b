"use client";

import { useActionState, useState, useTransition } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { assertPasskey } from "@/components/second-factor/passkey-ceremony";
import type { ActionResult } from "@/lib/actions/action-result";
import { passkeySignInAction } from "@/lib/actions/passkey-sign-in-action";
import { passkeySignInOptionsAction } from "@/lib/actions/passkey-sign-in-options-action";
import { signInCodeAction } from "@/lib/actions/sign-in-code-action";
import styles from "../../auth.module.css";

/** A code (authenticator app or recovery code; works without JavaScript), or a passkey when the account has one. */
export function SecondFactorForm({ next, passkey }: { next: string; passkey: boolean }) {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(signInCodeAction, null);
  const [passkeyMessage, setPasskeyMessage] = useState<string | null>(null);
  const [usingPasskey, startPasskey] = useTransition();
  const message = passkeyMessage ?? state?.message;

  function passkeySignIn() {
    setPasskeyMessage(null);
    startPasskey(async () => {
      // Success is a redirect; only a refusal comes back.
      const done = await assertPasskey(passkeySignInOptionsAction, (response) =>
        passkeySignInAction({ response }, next),
      );
      if (!done.reached) setPasskeyMessage(done.message);
      else if (!done.result.ok) setPasskeyMessage(done.result.message ?? "Not signed in.");
    });
  }

  return (
    <div className="stack">
      {passkey ? (
        <>
          <button
            type="button"
            className={`button-primary ${styles.submit}`}
            onClick={passkeySignIn}
            disabled={usingPasskey}
          >
            {usingPasskey ? "Waiting for the passkey…" : "Use passkey"}
          </button>
          <p className={styles.or}>or</p>
        </>
      ) : null}
      <form action={formAction} className="form" noValidate onSubmit={() => setPasskeyMessage(null)}>
        <input type="hidden" name="next" value={next} />
        <PlainField
          id="code"
          label="Authentication code"
          hint="6 digits from your app, or one of your recovery codes"
          error={state?.fieldErrors?.code}
        >
          {(control) => (
            <input
              {...control}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              required
            />
          )}
        </PlainField>
        <div aria-live="polite" role="status" className={styles.status}>
          {message ? <p className="alert alert-error">{message}</p> : null}
        </div>
        <button
          type="submit"
          className={`${passkey ? "" : "button-primary "}${styles.submit}`}
          disabled={pending}
          aria-disabled={pending}
        >
          {pending ? "Checking…" : "Verify"}
        </button>
      </form>
    </div>
  );
}
