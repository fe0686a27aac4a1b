"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { FormStatus, type FormStatusValue } from "@/components/forms/form-status";
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
  const router = useRouter();
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: typeof acknowledgeAlertAction) =>
    startTransition(async () => {
      try {
        const result = await action({ alertId });
        setStatus({ tone: result.ok ? "success" : "error", text: result.message ?? "" });
        router.refresh();
      } catch {
        setStatus({ tone: "error", text: "Could not reach the dashboard. Try again." });
      }
    });
  return (
    <div className={styles.buttons}>
      {state === "open" ? (
        <button
          type="button"
          className="button-small"
          disabled={pending}
          aria-label={`Acknowledge: ${title}`}
          onClick={() => run(acknowledgeAlertAction)}
        >
          Acknowledge
        </button>
      ) : null}
      <button
        type="button"
        className="button-small"
        disabled={pending}
        aria-label={`Resolve: ${title}`}
        onClick={() => run(resolveAlertAction)}
      >
        Resolve
      </button>
      <FormStatus status={status} />
    </div>
  );
}
