"use client";

import { type ReactNode, useId, useRef } from "react";
import styles from "./users.module.css";

/**
 * A button that asks first: it opens a modal <dialog> naming what will happen, whose confirm button
 * submits `action` with the hidden `fields`. Esc or Cancel closes it and nothing is sent.
 */
export function ConfirmButton({
  label,
  buttonLabel,
  title,
  children,
  confirmLabel,
  action,
  fields,
  danger,
  disabledReason,
  pending,
}: {
  /** Visible text of the opening button. */
  label: string;
  /** Its accessible name, when the visible text alone is ambiguous (one per table row). */
  buttonLabel: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  action: (form: FormData) => void;
  fields: Record<string, string>;
  danger?: boolean;
  /** When set, the button is disabled and this says why (title and accessible description). */
  disabledReason?: string;
  pending?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  const reasonId = `${id}-reason`;
  return (
    <>
      <button
        type="button"
        className={`button-small ${danger ? styles.disableButton : ""}`}
        disabled={pending || disabledReason !== undefined}
        aria-label={buttonLabel}
        title={disabledReason}
        aria-describedby={disabledReason ? reasonId : undefined}
        onClick={() => dialogRef.current?.showModal()}
      >
        {label}
      </button>
      {disabledReason ? (
        <span id={reasonId} className="visually-hidden">
          {disabledReason}
        </span>
      ) : null}
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
      >
        <form action={action} onSubmit={() => dialogRef.current?.close()}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            {title}
          </h2>
          <div id={`${id}-text`}>{children}</div>
          <div className={styles.dialogButtons}>
            <button type="button" className="button" onClick={() => dialogRef.current?.close()}>
              Cancel
            </button>
            <button type="submit" className={danger ? "button-danger" : "button-primary"}>
              {confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
