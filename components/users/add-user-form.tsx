"use client";

import { useActionState, useEffect, useRef } from "react";
import { PlainField } from "@/components/forms/plain-field";
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
  const values = state?.ok ? undefined : state?.values;
  // A refusal already shown at its field (a duplicate email) is not repeated in the status line.
  const repeatsFieldError =
    state?.message !== undefined && Object.values(state.fieldErrors ?? {}).includes(state.message);
  const statusMessage = repeatsFieldError ? "Not added: check the highlighted field." : state?.message;
  const formKey = JSON.stringify(values ?? null);

  return (
    <section className="card" aria-labelledby="add-user-heading">
      <h2 id="add-user-heading">Add a user</h2>
      <p className="muted">
        They sign in once with this email and the initial password you give them, then choose their own.
      </p>
      <form ref={formRef} action={formAction} className="form" noValidate key={formKey}>
        <fieldset className={styles.fieldset}>
          <legend className="visually-hidden">New user</legend>
          <PlainField id="new-user-email" label="Email" error={error("email")}>
            {(control) => (
              <input
                {...control}
                name="email"
                type="email"
                autoComplete="off"
                required
                defaultValue={values?.email ?? ""}
              />
            )}
          </PlainField>
          <PlainField id="new-user-name" label="Name" error={error("name")}>
            {(control) => (
              <input {...control} name="name" autoComplete="off" defaultValue={values?.name ?? ""} />
            )}
          </PlainField>
          <PlainField
            id="new-user-role"
            label="Role"
            error={error("role")}
            hint={`${ROLES.map((r) => `${ROLE_LABELS[r]}: ${ROLE_DESCRIPTIONS[r].toLowerCase()}`).join(". ")}.`}
          >
            {(control) => (
              <select {...control} name="role" defaultValue={values?.role ?? "operator"}>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
            )}
          </PlainField>
          <PlainField
            id="new-user-password"
            label="Initial password"
            error={error("password")}
            hint={`At least ${PASSWORD_MIN} characters. It works for 24 hours, until they sign in with it and choose their own.`}
          >
            {(control) => (
              <input
                {...control}
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN}
              />
            )}
          </PlainField>
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
