"use client";

import { useActionState } from "react";
import { PlainField } from "@/components/forms/plain-field";
import type { ActionResult } from "@/lib/actions/action-result";
import { signInAction } from "@/lib/actions/sign-in-action";
import styles from "../auth.module.css";

/** Email + password; posts to the sign-in action (works without JavaScript, too). */
export function LoginForm({ next }: { next: string }) {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(signInAction, null);
  const emailError = state?.fieldErrors?.email;
  const passwordError = state?.fieldErrors?.password;
  const echoed = state?.ok ? "" : (state?.values?.email ?? "");
  return (
    <form action={formAction} className="form" noValidate>
      <input type="hidden" name="next" value={next} />
      <PlainField id="email" label="Email" error={emailError}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={echoed}
            key={echoed}
          />
        )}
      </PlainField>
      <PlainField id="password" label="Password" error={passwordError}>
        {(control) => (
          <input {...control} name="password" type="password" autoComplete="current-password" required />
        )}
      </PlainField>
      <div aria-live="polite" role="status" className={styles.status}>
        {state?.message ? <p className="alert alert-error">{state.message}</p> : null}
      </div>
      <button
        type="submit"
        className={`button-primary ${styles.submit}`}
        disabled={pending}
        aria-disabled={pending}
      >
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
