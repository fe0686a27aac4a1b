"use client";

import { useWatch } from "react-hook-form";
import {
  type Direction,
  FAILING_PAYOUT_CARD,
  FAILING_PAYOUT_PHONE,
  isFailingPayoutRecipient,
  parseAmountText,
  SANDBOX_AMOUNT_TRIGGERS,
  type SandboxAmountTrigger,
  sandboxAmountTrigger,
} from "@/lib/contract";
import { payoutDetailAsSent } from "@/lib/orders/payout-form-schema";
import styles from "./forms.module.css";

/**
 * The sandbox trigger an amount as typed sets off ("12.56", "7.5"), if any; nothing while the text is not
 * an amount yet (read as the form reads it: "12,56" too).
 */
export function sandboxTriggerOfText(direction: Direction, text: string): SandboxAmountTrigger | undefined {
  const reading = parseAmountText(text);
  return reading.ok ? sandboxAmountTrigger(direction, reading.minor % 100) : undefined;
}

/** The amount field's warning on the sandbox: what the typed cents will do. */
export function sandboxTriggerWarning(direction: Direction, text: string): string | undefined {
  const trigger = sandboxTriggerOfText(direction, text);
  return trigger && `Sandbox test amount (cents .${trigger.cents}): ${trigger.effect}.`;
}

export const TEST_RECIPIENT_WARNING = "Sandbox test recipient: this pay-out is created, then at once Failed.";

/**
 * On the sandbox, a pay-out recipient field's warning when its value, as the form will send it, is one the sandbox
 * always fails; nothing elsewhere (and the field is not watched there).
 */
export function useTestRecipientWarning(field: "ccNo" | "phoneNumber", sandbox: boolean): string | undefined {
  const typed = useWatch({ name: `payoutDetails.${field}`, disabled: !sandbox });
  if (!sandbox) return undefined;
  const sent = payoutDetailAsSent(field, typed === undefined ? undefined : String(typed));
  return isFailingPayoutRecipient({ [field]: sent }) ? TEST_RECIPIENT_WARNING : undefined;
}

/** On the sandbox, under the amount: the test amounts (and pay-out recipients) and what each does. */
export function SandboxTriggersHelp({ direction }: { direction: Direction }) {
  const triggers = SANDBOX_AMOUNT_TRIGGERS.filter((t) => t.directions.includes(direction));
  return (
    <details className={styles.sandboxTriggers}>
      <summary>Sandbox test amounts</summary>
      <ul>
        {triggers.map((t) => (
          <li key={t.cents}>
            <strong>…{t.cents}</strong> (e.g. 100.{t.cents}): {t.effect}
          </li>
        ))}
        {direction === "payout" && (
          <li>
            Card <strong>{FAILING_PAYOUT_CARD}</strong> or SBP phone <strong>{FAILING_PAYOUT_PHONE}</strong>:
            created, then at once Failed
          </li>
        )}
      </ul>
      <p className={styles.flush}>
        Cents of the amount entered, before any random cents are added. Other amounts behave as usual.
      </p>
    </details>
  );
}
