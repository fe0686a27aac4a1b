"use client";

import Link from "next/link";
import styles from "./forms.module.css";

export type FormStatusTone = "info" | "success" | "error";

export interface FormStatusValue {
  tone: FormStatusTone;
  text: string;
  /** A saved order the message refers to (e.g. one that is "Submit failed"). */
  orderId?: string;
}

/**
 * The form's status line, announced politely by screen readers as it changes. `testId`: for a page with
 * several forms, so that tests finding "form-status" still find one.
 */
export function FormStatus({
  status,
  testId = "form-status",
}: {
  status: FormStatusValue | null;
  testId?: string;
}) {
  const className =
    status?.tone === "error"
      ? "alert alert-error"
      : status?.tone === "success"
        ? "alert alert-success"
        : "alert alert-info";
  return (
    <div role="status" aria-live="polite" aria-atomic="true" data-testid={testId}>
      {status ? (
        <p className={`${className} ${styles.flush}`}>
          {status.text}
          {status.orderId ? (
            <>
              {" "}
              <Link href={`/orders/${status.orderId}`}>Open the order</Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** The submit button with its pending state. Disabled until the form is ready (hydrated, ids generated). */
export function SubmitButton({
  pending,
  ready,
  children,
}: {
  pending: boolean;
  ready: boolean;
  children: string;
}) {
  return (
    <button
      type="submit"
      className="button-primary"
      disabled={pending || !ready}
      aria-disabled={pending || !ready}
    >
      {pending ? (
        <>
          <span aria-hidden="true" className={styles.spinner} />
          Submitting…
        </>
      ) : (
        children
      )}
    </button>
  );
}
