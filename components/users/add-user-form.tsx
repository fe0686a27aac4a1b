"use client";

import { useActionState, useEffect, useRef } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import { createUserAction } from "@/lib/actions/create-user-action";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { PASSWORD_MIN } from "@/lib/auth/user-schemas";
import styles from "./users.module.css";

type Field = "email" | "name" | "role" | "password";

/** Adds a staff user with an initial password (≥ 12 characters) they should change. */
export function AddUserForm() {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(createUserAction, null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state?.ok) formRef.current?.reset();
  }, [state]);
  const error = (field: Field) => state?.fieldErrors?.[field];
  const described = (field: Field, hint?: string) =>
    [hint, error(field) ? `new-user-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const values = state?.ok ? undefined : state?.values;
  // A refusal already shown at its field (a duplicate email) is not repeated in the status line.
  const repeatsFieldError =
    state?.message !== undefined && Object.values(state.fieldErrors ?? {}).includes(state.message);
  const statusMessage = repeatsFieldError ? "Not added: check the highlighted field." : state?.message;
  const formKey = JSON.stringify(values ?? null);

  return (
    <section className="card" aria-labelledby="add-user-heading">
      <h2 id="add-user-heading">Add a user</h2>
      <p className="muted">They sign in with this email and the initial password you give them.</p>
      <form ref={formRef} action={formAction} className="form" noValidate key={formKey}>
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">New user</legend>
          <div className="field">
            <label htmlFor="new-user-email">Email</label>
            <input
              id="new-user-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              defaultValue={values?.email ?? ""}
              aria-invalid={error("email") ? true : undefined}
              aria-describedby={described("email")}
            />
            {error("email") ? (
              <span id="new-user-email-error" className="field-error">
                {error("email")}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="new-user-name">Name</label>
            <input
              id="new-user-name"
              name="name"
              autoComplete="off"
              defaultValue={values?.name ?? ""}
              aria-invalid={error("name") ? true : undefined}
              aria-describedby={described("name")}
            />
            {error("name") ? (
              <span id="new-user-name-error" className="field-error">
                {error("name")}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="new-user-role">Role</label>
            <select
              id="new-user-role"
              name="role"
              defaultValue={values?.role ?? "operator"}
              aria-invalid={error("role") ? true : undefined}
              aria-describedby={described("role", "new-user-role-hint")}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <span id="new-user-role-hint" className="hint">
              {ROLES.map((r) => `${ROLE_LABELS[r]}: ${ROLE_DESCRIPTIONS[r].toLowerCase()}`).join(". ")}.
            </span>
            {error("role") ? (
              <span id="new-user-role-error" className="field-error">
                {error("role")}
              </span>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="new-user-password">Initial password</label>
            <input
              id="new-user-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              aria-invalid={error("password") ? true : undefined}
              aria-describedby={described("password", "new-user-password-hint")}
            />
            <span id="new-user-password-hint" className="hint">
              At least {PASSWORD_MIN} characters.
            </span>
            {error("password") ? (
              <span id="new-user-password-error" className="field-error">
                {error("password")}
              </span>
            ) : null}
          </div>
        </fieldset>
        <div className="row">
          <button type="submit" className="button-primary" disabled={pending}>
            {pending ? "Adding…" : "Add user"}
          </button>
          <div aria-live="polite" role="status" className={styles.formStatus}>
            {statusMessage ? (
              <span className={state?.ok ? styles.ok : styles.fail}>{statusMessage}</span>
            ) : null}
          </div>
        </div>
      </form>
    </section>
  );
}
