/**
 * The alert rules (issue 18 §2; docs/operations.md, Alerts): each one's name, what its threshold means and
 * its default. Every rule is on by default; an admin changes them in Settings → Alerts (stored in
 * alert_rule_settings, migration 0023). What each rule measures is in ./conditions.ts.
 * Plain module: safe in client components.
 */
import { z } from "zod";

export const ALERT_RULE_IDS = [
  "callbacks-failing",
  "payin-no-callback",
  "orders-not-sent",
  "payment-service-errors",
  "payout-failures",
  "batch-stalled",
  "open-cases",
  "payouts-awaiting-approval",
] as const;
export type AlertRuleId = (typeof ALERT_RULE_IDS)[number];

export interface AlertRuleSpec {
  /** The rule as Settings and the Alerts page name it. */
  label: string;
  /** When it fires, with {n} for the threshold. */
  describe: string;
  /** The threshold field's label. */
  thresholdLabel: string;
  defaultThreshold: number;
  min: number;
  max: number;
}

/** The window the counting rules look back over. */
export const ALERT_WINDOW_MINUTES = 5;
/** The rate rules need this many calls / finished pay-outs in their window before a rate means anything. */
export const MIN_RATE_SAMPLE = 5;
/** The pay-out failure rate looks back over this many minutes (pay-outs finish more slowly than calls). */
export const PAYOUT_WINDOW_MINUTES = 15;

export const ALERT_RULES: Record<AlertRuleId, AlertRuleSpec> = {
  "callbacks-failing": {
    label: "Callbacks failing verification or for unknown orders",
    describe: `More than {n} callbacks in ${ALERT_WINDOW_MINUTES} minutes failed verification, were invalid, or named an order this dashboard does not have`,
    thresholdLabel: `More than (callbacks in ${ALERT_WINDOW_MINUTES} min)`,
    defaultThreshold: 10,
    min: 0,
    max: 100_000,
  },
  "payin-no-callback": {
    label: "Pay-ins with no callback past their expiry",
    describe: "A pay-in still “In progress” {n} minutes after it expired: its final callback never came",
    thresholdLabel: "Grace after expiry (minutes)",
    defaultThreshold: 15,
    min: 0,
    max: 10_080,
  },
  "orders-not-sent": {
    label: "Orders stuck “Submitting” or “Submit failed”",
    describe: "An order “Submitting” or “Submit failed” for more than {n} minutes",
    thresholdLabel: "For more than (minutes)",
    defaultThreshold: 15,
    min: 1,
    max: 10_080,
  },
  "payment-service-errors": {
    label: "Payment-service errors",
    describe: `At least {n}% of the calls to the payment service in ${ALERT_WINDOW_MINUTES} minutes failed (5xx, timeout or network error; ${MIN_RATE_SAMPLE} calls at least)`,
    thresholdLabel: `At least (% of calls in ${ALERT_WINDOW_MINUTES} min)`,
    defaultThreshold: 20,
    min: 1,
    max: 100,
  },
  "payout-failures": {
    label: "Pay-out failure rate",
    describe: `At least {n}% of the pay-outs finished in ${PAYOUT_WINDOW_MINUTES} minutes failed (${MIN_RATE_SAMPLE} pay-outs at least)`,
    thresholdLabel: `At least (% of pay-outs in ${PAYOUT_WINDOW_MINUTES} min)`,
    defaultThreshold: 30,
    min: 1,
    max: 100,
  },
  "batch-stalled": {
    label: "Pay-out file stopped sending",
    describe: "A pay-out file being sent has not sent a row for {n} minutes",
    thresholdLabel: "No progress for (minutes)",
    defaultThreshold: 10,
    min: 1,
    max: 10_080,
  },
  "open-cases": {
    label: "Open “I have paid” cases",
    describe:
      "At least {n} open “I have paid” cases: customers who say they paid an order that does not show it",
    thresholdLabel: "At least (open cases)",
    defaultThreshold: 1,
    min: 1,
    max: 100_000,
  },
  "payouts-awaiting-approval": {
    label: "Pay-outs waiting for approval",
    describe: "A pay-out or a pay-out file has waited for an approver for more than {n} minutes",
    thresholdLabel: "Waiting for more than (minutes)",
    defaultThreshold: 30,
    min: 0,
    max: 10_080,
  },
};

/** A rule's sentence with its threshold in it. */
export function describeRule(rule: AlertRuleId, threshold: number): string {
  return ALERT_RULES[rule].describe.replace("{n}", String(threshold));
}

export function isAlertRuleId(value: string): value is AlertRuleId {
  return (ALERT_RULE_IDS as readonly string[]).includes(value);
}

export interface AlertRuleSetting {
  enabled: boolean;
  threshold: number;
}
export type AlertRuleSettings = Record<AlertRuleId, AlertRuleSetting>;

export function defaultRuleSettings(): AlertRuleSettings {
  return Object.fromEntries(
    ALERT_RULE_IDS.map((id) => [id, { enabled: true, threshold: ALERT_RULES[id].defaultThreshold }]),
  ) as AlertRuleSettings;
}

/** Settings → Alerts as submitted: every rule, on or off, with a threshold inside its bounds. */
export const alertRuleSettingsSchema = z.object(
  Object.fromEntries(
    ALERT_RULE_IDS.map((id) => {
      const spec = ALERT_RULES[id];
      return [
        id,
        z.object({
          enabled: z.boolean(),
          threshold: z.coerce
            .number({ message: "Enter a number" })
            .int("Enter a whole number")
            .min(spec.min, `At least ${spec.min}`)
            .max(spec.max, `At most ${spec.max}`),
        }),
      ];
    }),
  ) as Record<AlertRuleId, z.ZodObject<{ enabled: z.ZodBoolean; threshold: z.ZodCoercedNumber }>>,
);
