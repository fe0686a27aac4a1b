"use client";

import { useActionState } from "react";
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
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={echoed}
          key={echoed}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? "email-error" : undefined}
        />
        {emailError ? (
          <span id="email-error" className="field-error">
            {emailError}
          </span>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? "password-error" : undefined}
        />
        {passwordError ? (
          <span id="password-error" className="field-error">
            {passwordError}
          </span>
        ) : null}
      </div>
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
