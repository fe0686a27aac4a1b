"use client";

import { useId, useState } from "react";
import { FormStatus } from "@/components/forms/form-status";
import { useFormAction } from "@/components/forms/use-form-action";
import { saveAlertSettingsAction } from "@/lib/actions/alert-settings-actions";
import {
  ALERT_RULE_IDS,
  ALERT_RULES,
  type AlertRuleId,
  type AlertRuleSettings,
  describeRule,
} from "@/lib/alerts/rules";
import styles from "./alerts.module.css";

type Draft = Record<AlertRuleId, { enabled: boolean; threshold: string }>;

/** Settings → Alerts: each rule on or off, and its threshold (admins). */
export function AlertRulesForm({ initial }: { initial: AlertRuleSettings }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(
    () =>
      Object.fromEntries(
        ALERT_RULE_IDS.map((r) => [
          r,
          { enabled: initial[r].enabled, threshold: String(initial[r].threshold) },
        ]),
      ) as Draft,
  );
  const { errors, status, pending, run } = useFormAction();
  const update = (rule: AlertRuleId, patch: Partial<Draft[AlertRuleId]>) =>
    setDraft((d) => ({ ...d, [rule]: { ...d[rule], ...patch } }));

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(() => saveAlertSettingsAction(draft), {
      busy: "Updating…",
      done: "Updated.",
      notDone: "Not updated.",
    });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Alerts</h2>
      <p className={`muted ${styles.flush}`}>
        Each rule is checked every few seconds by every instance; an alert is raised once, shown on the Alerts
        page and sent to the channels below, and resolves by itself when the condition clears.
      </p>
      <div className={styles.rules}>
        {ALERT_RULE_IDS.map((rule) => {
          const spec = ALERT_RULES[rule];
          const value = draft[rule];
          const error = errors[`${rule}.threshold`];
          const inputId = `${id}-${rule}`;
          const threshold = Number(value.threshold);
          return (
            <div key={rule} className={styles.rule}>
              <div className="stack">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={value.enabled}
                    onChange={(e) => update(rule, { enabled: e.target.checked })}
                  />
                  {spec.label}
                </label>
                <p className={`muted ${styles.describe}`}>
                  {describeRule(rule, Number.isFinite(threshold) ? threshold : spec.defaultThreshold)}.
                </p>
              </div>
              <div className="field">
                <label htmlFor={inputId}>{spec.thresholdLabel}</label>
                <input
                  id={inputId}
                  inputMode="numeric"
                  autoComplete="off"
                  value={value.threshold}
                  disabled={!value.enabled}
                  onChange={(e) => update(rule, { threshold: e.target.value })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                />
                {error ? (
                  <span id={`${inputId}-error`} className="field-error">
                    {error}
                  </span>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <FormStatus status={status} testId="alert-rules-status" />
      <div>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Updating…" : "Update alert rules"}
        </button>
      </div>
    </form>
  );
}
