"use client";

import { useId, useState } from "react";
import { DecisionDialog } from "@/components/approvals/decision-dialog";
import { useFormAction } from "@/components/forms/use-form-action";
import { LocalTime } from "@/components/time/local-time";
import { removeFactorAction } from "@/lib/actions/remove-factor-action";
import { renameFactorAction } from "@/lib/actions/rename-factor-action";
import { FACTOR_NAME_MAX } from "@/lib/auth/second-factor/schemas";
import type { FactorView, StepUpPrompt } from "@/lib/auth/second-factor/types";
import styles from "./second-factor.module.css";
import { FACTOR_CHANGE_REASON } from "./step-up-field";

const KIND_LABEL: Record<FactorView["kind"], string> = {
  totp: "Authenticator app",
  passkey: "Passkey",
};

/**
 * The user's factors, each with Rename and Remove (which asks for the step-up, `stepUp`); `onChanged` reports
 * each answer to the section.
 */
export function FactorList({
  factors,
  stepUp,
  onChanged,
}: {
  factors: FactorView[];
  stepUp: StepUpPrompt;
  onChanged: (ok: boolean, message: string) => void;
}) {
  if (factors.length === 0) return <p className={`muted ${styles.flush}`}>No second factor yet.</p>;
  return (
    <ul className={styles.list} aria-label="Your second factors">
      {factors.map((f) => (
        <FactorItem key={f.id} factor={f} stepUp={stepUp} onChanged={onChanged} />
      ))}
    </ul>
  );
}

function FactorItem({
  factor,
  stepUp,
  onChanged,
}: {
  factor: FactorView;
  stepUp: StepUpPrompt;
  onChanged: (ok: boolean, message: string) => void;
}) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  // The section's status line tells every answer but a refused name (at its field), unreachable included.
  const { errors, setErrors, pending, call } = useFormAction();
  const error = errors.name;

  function rename(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setErrors({});
    call(
      () => renameFactorAction({ factorId: factor.id, name }),
      (result) => {
        if (result.ok) {
          setRenaming(false);
          onChanged(true, result.message ?? "Renamed.");
        } else if (result.fieldErrors?.name) setErrors({ name: result.fieldErrors.name });
        else onChanged(false, result.message ?? "Not renamed.");
      },
      { also: (text) => onChanged(false, text) },
    );
  }

  /** A refusal stays in the dialog, at the step-up field it names; a removal is told in the section. */
  async function remove(values: Record<string, string>) {
    const result = await removeFactorAction({ factorId: factor.id, ...values });
    if (result.ok) onChanged(true, result.message ?? "Removed.");
    return result;
  }

  return (
    <li className={styles.item} data-factor-kind={factor.kind}>
      {renaming ? (
        <form className={styles.fieldRow} onSubmit={rename} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>New name for {factor.name}</label>
            <input
              id={`${id}-name`}
              name="name"
              defaultValue={factor.name}
              maxLength={FACTOR_NAME_MAX}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error ? (
              <span id={`${id}-error`} className="field-error">
                {error}
              </span>
            ) : null}
          </div>
          <button type="submit" className="button-primary" disabled={pending}>
            Save name
          </button>
          <button type="button" onClick={() => setRenaming(false)} disabled={pending}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <div className={styles.itemText}>
            <span className={styles.itemName}>{factor.name}</span>
            <span className="muted">
              {/* A factor still under its kind's name ("Authenticator app") is not named twice. */}
              {factor.name === KIND_LABEL[factor.kind] ? "Added" : `${KIND_LABEL[factor.kind]} · added`}{" "}
              <LocalTime value={factor.createdAt} format="date" />
              {factor.lastUsedAt ? (
                <>
                  {" "}
                  · last used <LocalTime value={factor.lastUsedAt} />
                </>
              ) : null}
            </span>
          </div>
          <div className={styles.itemButtons}>
            <button
              type="button"
              className="button-small"
              aria-label={`Rename ${factor.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </button>
            <DecisionDialog
              label="Remove"
              buttonLabel={`Remove ${factor.name}`}
              buttonClassName={`button-small ${styles.removeButton}`}
              title={`Remove ${factor.name}?`}
              description="It no longer signs you in or confirms approvals. If it is your last second factor, your recovery codes stop working too."
              confirmLabel="Remove"
              fields={[]}
              stepUp={stepUp}
              stepUpReason={FACTOR_CHANGE_REASON}
              danger
              offered
              run={remove}
            />
          </div>
        </>
      )}
    </li>
  );
}
