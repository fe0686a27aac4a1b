"use client";

import { startTransition, useActionState, useEffect, useRef } from "react";
import { PlainField } from "@/components/forms/plain-field";
import type { ActionResult } from "@/lib/actions/action-result";
import { changePasswordAction } from "@/lib/actions/change-password-action";
import { PASSWORD_MIN } from "@/lib/auth/user-schemas";
import styles from "./account.module.css";

type Field = "currentPassword" | "newPassword" | "confirmPassword";

const FIELDS: { name: Field; label: string; autoComplete: string; hint?: string }[] = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  {
    name: "newPassword",
    label: "New password",
    autoComplete: "new-password",
    hint: `At least ${PASSWORD_MIN} characters, different from the current one.`,
  },
  { name: "confirmPassword", label: "Repeat the new password", autoComplete: "new-password" },
];

/** Current password, new password twice. Other sessions are signed out; this one stays. */
export function ChangePasswordForm({ forced }: { forced: boolean }) {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(
    changePasswordAction,
    null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok) formRef.current?.reset();
  }, [state]);
  const error = (field: Field) => state?.fieldErrors?.[field];

  return (
    <section className="card" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">Change password</h2>
      <p className="muted">
        {forced
          ? "Your current password is the one an admin gave you, which works for this sign-in only."
          : "Your other sessions (other browsers and devices) are signed out when you change it."}
      </p>
      <form
        ref={formRef}
        action={formAction}
        // With JavaScript the post goes through here, so React does not empty the fields after it: a refused
        // change (the repeat differs, the new one is too short) keeps what was typed. Emptied on success.
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          startTransition(() => formAction(data));
        }}
        className={`form ${styles.form}`}
        noValidate
      >
        {FIELDS.map((f) => (
          <PlainField key={f.name} id={f.name} label={f.label} hint={f.hint} error={error(f.name)}>
            {(control) => (
              <input {...control} name={f.name} type="password" autoComplete={f.autoComplete} required />
            )}
          </PlainField>
        ))}
        <div className="row">
          <button type="submit" className="button-primary" disabled={pending}>
            {pending ? "Changing…" : "Change password"}
          </button>
          <div aria-live="polite" role="status">
            {state?.message ? (
              <span className={state.ok ? styles.ok : styles.fail}>{state.message}</span>
            ) : null}
          </div>
        </div>
      </form>
    </section>
  );
}
