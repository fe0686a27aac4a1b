"use client";

import { useId, useState } from "react";
import { FormStatus } from "@/components/forms/form-status";
import { useFormAction } from "@/components/forms/use-form-action";
import { LocalTime } from "@/components/time/local-time";
import { saveApproverHoldAction } from "@/lib/actions/save-approver-hold-action";
import { MAX_APPROVER_HOLD_HOURS } from "@/lib/approvals/approver-hold-schema";
import styles from "./approvals.module.css";

export interface ApproverGrantView {
  userId: string;
  email: string;
  role: string;
  /** ISO 8601. */
  grantedAt: string;
  grantedByEmail: string;
}

/**
 * Settings → New approvers, beside the approval rule: who may approve because an admin made them so (and
 * when), since an admin can add an approver and approve their own pay-outs through it; and the wait a new
 * approver has before approving anything (0: none), which the server enforces.
 */
export function NewApproversCard({ hours, grants }: { hours: number; grants: ApproverGrantView[] }) {
  const id = useId();
  const [value, setValue] = useState(String(hours));
  const { errors, status, pending, run } = useFormAction();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(() => saveApproverHoldAction({ hours: value }), {
      busy: "Saving…",
      done: "Saved.",
      notDone: "Not saved.",
    });
  }

  const error = errors.hours;
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>New approvers</h2>
      <p className={`muted ${styles.flush}`}>
        An admin who adds an approver (or another admin) has a second person for their own pay-outs. Everyone
        who may approve because an admin made them so:
      </p>
      {grants.length === 0 ? (
        <p className="muted">No approver or admin was added or promoted by an admin.</p>
      ) : (
        <ul className={styles.flush} aria-label="Approvers made by admins">
          {grants.map((g) => (
            <li key={g.userId}>
              {g.email} ({g.role}), made so by {g.grantedByEmail} on <LocalTime value={g.grantedAt} />
            </li>
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={`${id}-hours`}>Hours a new approver waits before approving (0 = no wait)</label>
        <input
          id={`${id}-hours`}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        />
        <span id={`${id}-hint`} className="hint">
          Counted from when they were added or given the role; at most {MAX_APPROVER_HOLD_HOURS}. Applies to
          single pay-outs and files.
        </span>
        {error ? (
          <span id={`${id}-error`} className="field-error">
            {error}
          </span>
        ) : null}
      </div>
      <FormStatus status={status} testId="approver-hold-status" />
      <div>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Setting…" : "Set the wait"}
        </button>
      </div>
    </form>
  );
}
