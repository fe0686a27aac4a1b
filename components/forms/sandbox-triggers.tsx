"use client";

import {
  amountTextProblem,
  type Direction,
  FAILING_PAYOUT_CARD,
  FAILING_PAYOUT_PHONE,
  SANDBOX_AMOUNT_TRIGGERS,
  type SandboxAmountTrigger,
  sandboxAmountTrigger,
} from "@/lib/contract";
import styles from "./forms.module.css";

/**
 * The sandbox trigger an amount as typed sets off ("12.56", "7.5"), if any; nothing while the text is not
 * a plain amount yet.
 */
export function sandboxTriggerOfText(direction: Direction, text: string): SandboxAmountTrigger | undefined {
  const amount = text.trim();
  if (amount.startsWith("-") || amountTextProblem(amount) !== undefined) return undefined;
  const cents = amount.split(".")[1] ?? "";
  return sandboxAmountTrigger(direction, Number(cents.padEnd(2, "0")));
}

/** The amount field's warning on the sandbox: what the typed cents will do. */
export function sandboxTriggerWarning(direction: Direction, text: string): string | undefined {
  const trigger = sandboxTriggerOfText(direction, text);
  return trigger && `Sandbox test amount (cents .${trigger.cents}): ${trigger.effect}.`;
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
