"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { retryOrderAction } from "@/lib/actions/retry-order-action";
import { groupCardNumber } from "@/lib/orders/form-normalise";
import styles from "./forms.module.css";
import { PlainField } from "./plain-field";
import { useFormAction } from "./use-form-action";

/**
 * Resubmits a failed order with its own paymentId. For a card pay-out the full card number was never
 * stored, so it is asked for again and must match the stored first six and last four digits.
 */
export function RetryOrderForm({ orderId, cardMask }: { orderId: string; cardMask: string | null }) {
  const router = useRouter();
  const inputId = useId();
  const [card, setCard] = useState("");
  const { errors, setErrors, status, setStatus, pending, call } = useFormAction();
  const cardError = errors.cardNumber ?? null;

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors({});
    setStatus({ tone: "info", text: "Resubmitting to the payment service…" });
    call(
      () => retryOrderAction({ orderId, ...(cardMask ? { cardNumber: card } : {}) }),
      (result) => {
        if (result.ok) {
          setStatus({ tone: "success", text: "Accepted by the payment service." });
          router.refresh();
          return;
        }
        setErrors(result.fieldErrors ?? {});
        const other = Object.entries(result.fieldErrors ?? {})
          .filter(([k]) => k !== "cardNumber")
          .map(([k, v]) => `${k}: ${v}`);
        const text = [result.message, ...other].filter(Boolean).join(" ");
        setStatus(text ? { tone: "error", text } : null);
        router.refresh();
      },
    );
  }

  return (
    <form className={styles.retryForm} onSubmit={submit} noValidate aria-label="Retry the submission">
      {cardMask ? (
        <PlainField
          id={inputId}
          label="Card number, again"
          error={cardError}
          hint={`Only ${cardMask} was stored; type the full number to resend the order.`}
          className={styles.cardAgainField}
        >
          {(control) => (
            <input
              {...control}
              name="cardNumber"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              maxLength={23}
              placeholder={cardMask.replace(/(.{4})(?=.)/g, "$1 ")}
              className={styles.cardAgain}
              value={groupCardNumber(card)}
              onChange={(e) => setCard(e.target.value.replace(/\D/g, "").slice(0, 19))}
            />
          )}
        </PlainField>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? (
            <>
              <span aria-hidden="true" className={styles.spinner} />
              Retrying…
            </>
          ) : (
            "Retry submission"
          )}
        </button>
        <div role="status" aria-live="polite">
          {status ? (
            <span className={`${status.tone === "error" ? "field-error" : "muted"} ${styles.retryMessage}`}>
              {status.text}
            </span>
          ) : null}
        </div>
      </div>
    </form>
  );
}
