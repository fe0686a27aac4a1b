"use client";

import { useId, useState } from "react";
import { FormStatus } from "@/components/forms/form-status";
import { useFormAction } from "@/components/forms/use-form-action";
import { saveApprovalSettingsAction } from "@/lib/actions/save-approval-settings-action";
import {
  APPROVAL_MODE_LABELS,
  APPROVAL_MODES,
  type ApprovalMode,
  type ApprovalSettings,
} from "@/lib/approvals/rules";
import { ORDER_CURRENCIES } from "@/lib/contract/countries";
import styles from "./approvals.module.css";

interface Row {
  key: number;
  currency: string;
  amount: string;
}

/** Settings → Payout approvals: the mode, and in "threshold" mode one amount per currency. */
export function ApprovalSettingsForm({ initial }: { initial: ApprovalSettings }) {
  const id = useId();
  const [mode, setMode] = useState<ApprovalMode>(initial.mode);
  const startRows = Object.entries(initial.thresholds).map(([currency, amount], key) => ({
    key,
    currency,
    amount,
  }));
  const [rows, setRows] = useState<Row[]>(
    startRows.length ? startRows : [{ key: 0, currency: "RUB", amount: "" }],
  );
  const { errors, status, pending, run } = useFormAction();

  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const unused = ORDER_CURRENCIES.filter((c) => !rows.some((r) => r.currency === c));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const thresholds =
      mode === "threshold" ? Object.fromEntries(rows.map((r) => [r.currency, r.amount])) : {};
    run(() => saveApprovalSettingsAction({ mode, thresholds }), {
      busy: "Saving…",
      done: "Saved.",
      notDone: "Not saved.",
    });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Payout approvals</h2>
      <p className={`muted ${styles.flush}`}>
        A pay-out that needs approval is saved as “Awaiting approval” and nothing is sent until an approver or
        admin other than its creator approves it, confirming it is them (second factor, or password).
      </p>
      <fieldset className={styles.modes}>
        <legend>Which pay-outs wait for approval</legend>
        {APPROVAL_MODES.map((m) => (
          <label key={m} className="checkbox">
            <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
            {APPROVAL_MODE_LABELS[m]}
          </label>
        ))}
        {errors.mode ? <span className={styles.error}>{errors.mode}</span> : null}
      </fieldset>
      {mode === "threshold" && (
        <fieldset className={styles.thresholds}>
          <legend>From an amount, per currency</legend>
          <p className={`muted ${styles.flush}`}>
            A pay-out of at least the amount waits; currencies not listed are sent at once.
          </p>
          {rows.map((r) => {
            const error = errors[`thresholds.${r.currency}`];
            const amountId = `${id}-amount-${r.key}`;
            return (
              <div key={r.key} className={styles.thresholdRow}>
                <div className="field">
                  <label htmlFor={`${id}-currency-${r.key}`}>Currency</label>
                  <select
                    id={`${id}-currency-${r.key}`}
                    value={r.currency}
                    onChange={(e) => update(r.key, { currency: e.target.value })}
                  >
                    {[r.currency, ...unused].sort().map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={amountId}>{`${r.currency} from`}</label>
                  <input
                    id={amountId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={r.amount}
                    placeholder="100000"
                    onChange={(e) => update(r.key, { amount: e.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${amountId}-error` : undefined}
                  />
                  {error ? (
                    <span id={`${amountId}-error`} className="field-error">
                      {error}
                    </span>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="button-small"
                  aria-label={`Remove ${r.currency}`}
                  onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                >
                  Remove
                </button>
              </div>
            );
          })}
          {errors.thresholds ? <span className={styles.error}>{errors.thresholds}</span> : null}
          {unused[0] !== undefined && (
            <div>
              <button
                type="button"
                className="button-small"
                onClick={() =>
                  setRows((rs) => [
                    ...rs,
                    { key: Math.max(-1, ...rs.map((x) => x.key)) + 1, currency: unused[0] ?? "", amount: "" },
                  ])
                }
              >
                Add a currency
              </button>
            </div>
          )}
        </fieldset>
      )}
      <FormStatus status={status} />
      <div>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}
