"use client";

import { FormStatus } from "@/components/forms/form-status";
import { useFormAction } from "@/components/forms/use-form-action";
import { acknowledgeAlertAction, resolveAlertAction } from "@/lib/actions/alert-actions";
import type { AlertState } from "@/lib/database/dashboard/schema";
import styles from "./alerts.module.css";

/** Acknowledge (open only) and Resolve (open or acknowledged); the server checks the role again. */
export function AlertButtons({
  alertId,
  state,
  title,
}: {
  alertId: string;
  state: AlertState;
  title: string;
}) {
  const { status, pending, run } = useFormAction({ refreshOnRefusal: true });
  return (
    <div className={styles.buttons}>
      {state === "open" ? (
        <button
          type="button"
          className="button-small"
          disabled={pending}
          aria-label={`Acknowledge: ${title}`}
          onClick={() => run(() => acknowledgeAlertAction({ alertId }))}
        >
          Acknowledge
        </button>
      ) : null}
      <button
        type="button"
        className="button-small"
        disabled={pending}
        aria-label={`Resolve: ${title}`}
        onClick={() => run(() => resolveAlertAction({ alertId }))}
      >
        Resolve
      </button>
      <FormStatus status={status} testId="alert-status" />
    </div>
  );
}
