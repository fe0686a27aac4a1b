"use client";

import { useRouter } from "next/navigation";
import { useId, useRef } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { STEP_UP_FIELDS, StepUpField, stepUpErrorField } from "@/components/second-factor/step-up-field";
import type { ActionResult } from "@/lib/actions/action-result";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import styles from "./approvals.module.css";

export interface DecisionField {
  name: string;
  label: string;
  type: "password" | "text" | "textarea";
  hint?: string;
  required?: boolean;
  maxLength?: number;
  autoComplete?: string;
}

/**
 * A button that opens a modal <dialog> asking what a decision needs (a password, a reason), then runs the
 * decision's server action. Its refusals land on the fields they name; anything else in the status line.
 */
export function DecisionDialog(p: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  fields: readonly DecisionField[];
  /** A step-up first (lib/auth/step-up.ts): its fields ("password" or "code") reach `run` with the others. */
  stepUp?: StepUpPrompt;
  /** Why the step-up is asked (its hint); the default is approving's. */
  stepUpReason?: string;
  /** The opening button's accessible name, when its text alone is ambiguous (one per list item). */
  buttonLabel?: string;
  /** The opening button's class, in place of the one `danger` / `primary` give. */
  buttonClassName?: string;
  danger?: boolean;
  primary?: boolean;
  /**
   * False once the decision is no longer offered (someone else decided, and the page refreshed): the
   * button goes, but a dialog still open stays, so its person reads the answer to what they confirmed.
   */
  offered: boolean;
  run: (values: Record<string, string>) => Promise<ActionResult<object, object>>;
}) {
  const router = useRouter();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const { errors, setErrors, status, setStatus, pending, call } = useFormAction();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const names = [...(p.stepUp ? STEP_UP_FIELDS : []), ...p.fields.map((f) => f.name)];
    const values = Object.fromEntries(names.map((n) => [n, String(form.get(n) ?? "")]));
    setErrors({});
    setStatus(null);
    call(
      () => p.run(values),
      (result) => {
        if (result.ok) {
          dialogRef.current?.close();
          router.refresh();
          return;
        }
        const fieldErrors = result.fieldErrors ?? {};
        setErrors(fieldErrors);
        const placed = new Set([
          ...(p.stepUp ? [stepUpErrorField(p.stepUp)] : []),
          ...p.fields.map((f) => f.name),
        ]);
        const other = Object.entries(fieldErrors)
          .filter(([k]) => !placed.has(k))
          .map(([, v]) => v);
        const shown = Object.keys(fieldErrors).some((k) => placed.has(k));
        const text = [shown ? null : result.message, ...other].filter(Boolean).join(" ");
        setStatus(text ? { tone: "error", text } : null);
      },
    );
  }

  const buttonClass = p.danger ? "button-danger" : p.primary ? "button-primary" : "";
  return (
    <>
      {p.offered && (
        <button
          type="button"
          className={p.buttonClassName ?? buttonClass}
          aria-label={p.buttonLabel}
          onClick={() => dialogRef.current?.showModal()}
        >
          {p.label}
        </button>
      )}
      <dialog ref={dialogRef} className={styles.dialog} aria-labelledby={`${id}-title`}>
        <form className="stack" onSubmit={submit} noValidate>
          <h2 id={`${id}-title`}>{p.title}</h2>
          <p>{p.description}</p>
          {p.stepUp ? (
            <StepUpField prompt={p.stepUp} idPrefix={id} errors={errors} reason={p.stepUpReason} />
          ) : null}
          {p.fields.map((f) => {
            const inputId = `${id}-${f.name}`;
            const error = errors[f.name];
            const described = [error ? `${inputId}-error` : null, f.hint ? `${inputId}-hint` : null]
              .filter(Boolean)
              .join(" ");
            const common = {
              id: inputId,
              name: f.name,
              required: f.required,
              maxLength: f.maxLength,
              "aria-invalid": error ? true : undefined,
              "aria-describedby": described || undefined,
            };
            return (
              <div className="field" key={f.name}>
                <label htmlFor={inputId}>{f.label}</label>
                {f.type === "textarea" ? (
                  <textarea {...common} rows={3} />
                ) : (
                  <input
                    {...common}
                    type={f.type}
                    autoComplete={f.autoComplete ?? "off"}
                    spellCheck={false}
                  />
                )}
                {error ? (
                  <span id={`${inputId}-error`} className="field-error">
                    {error}
                  </span>
                ) : null}
                {f.hint ? (
                  <span id={`${inputId}-hint`} className="hint">
                    {f.hint}
                  </span>
                ) : null}
              </div>
            );
          })}
          <div role="status" aria-live="polite">
            {status ? <p className="alert alert-error">{status.text}</p> : null}
          </div>
          <div className={styles.buttons}>
            <button type="button" onClick={() => dialogRef.current?.close()} disabled={pending}>
              Back
            </button>
            <button type="submit" className={buttonClass || "button-primary"} disabled={pending}>
              {pending ? "Working…" : p.confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
