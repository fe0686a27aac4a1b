"use client";

import { useFormContext, useWatch } from "react-hook-form";
import {
  AMOUNT_EXAMPLES,
  type Direction,
  orderCurrency,
  SUGGESTED_COUNTRIES,
  servedCountries,
  TRAFFIC_TYPES,
} from "@/lib/contract";
import { SelectField, TextField } from "./field";
import styles from "./forms.module.css";
import { sandboxTriggerWarning } from "./sandbox-triggers";
import { useAmountAsSent } from "./use-amount-as-sent";

const TRAFFIC_LABELS: Record<(typeof TRAFFIC_TYPES)[number], string> = {
  ALL: "ALL — any traffic",
  FTD: "FTD — first-time deposit",
  STD: "STD — subsequent deposit",
};

/**
 * Amount (with the order's currency beside it: the method's, or the chosen country's), country and traffic
 * type. A method that serves only some countries (lib/contract) offers those alone.
 */
export function AmountCountryFields({
  direction,
  method,
  sandbox = false,
}: {
  direction: Direction;
  method: string;
  /** On the sandbox: an amount whose cents are a test trigger says what it will do. */
  sandbox?: boolean;
}) {
  const amount = useWatch({ name: "amount", disabled: !sandbox });
  const asSent = useAmountAsSent(direction, method);
  const country = String(useWatch({ name: "country" }) ?? "")
    .trim()
    .toUpperCase();
  const { currency, payerBankConverts } = orderCurrency({ direction, paymentMethod: method, country });
  const served = servedCountries(direction, method);
  const suggestions = served ?? SUGGESTED_COUNTRIES;
  const rule = served ? `${method} serves ${served.join(", ")} only` : "ISO 3166-1 alpha-2";
  return (
    <>
      <TextField
        name="amount"
        label="Amount"
        // Text, never a number input: Chromium's drops a decimal comma ("499,99" became 49999).
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        warning={sandbox ? sandboxTriggerWarning(direction, String(amount ?? "")) : undefined}
        hint={
          <>
            {asSent && (
              <>
                <strong data-testid="amount-as-sent">= {asSent}</strong>
                {" · "}
              </>
            )}
            {payerBankConverts
              ? `Up to two decimals (${AMOUNT_EXAMPLES}), in ${currency} whatever the country: the payer's bank converts it from ${currency}.`
              : currency
                ? `Up to two decimals (${AMOUNT_EXAMPLES}), in ${currency}.`
                : `Up to two decimals (${AMOUNT_EXAMPLES}).`}
          </>
        }
        addon={
          <span className={styles.addon} data-testid="amount-currency" title="Currency of the order">
            {currency ?? "—"}
          </span>
        }
      />
      <TextField
        name="country"
        label="Country"
        list="country-suggestions"
        maxLength={2}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className={styles.countryField}
        hint={currency ? `${rule} · pays in ${currency}` : served ? rule : `${rule}, e.g. RU, BR, KZ`}
      />
      <datalist id="country-suggestions" data-testid="country-suggestions">
        {suggestions.map((c) => (
          <option key={c} value={c}>
            {orderCurrency({ direction, paymentMethod: method, country: c }).currency}
          </option>
        ))}
      </datalist>
      <SelectField
        name="trafficType"
        label="Traffic type"
        options={TRAFFIC_TYPES.map((t) => ({ value: t, label: TRAFFIC_LABELS[t] }))}
      />
    </>
  );
}

/** The client's id in the merchant's system (a UUID v4), with a button that generates one. */
export function ClientIdField() {
  const { setValue } = useFormContext();
  return (
    <TextField
      name="client.id"
      label="Client id"
      autoComplete="off"
      spellCheck={false}
      className={styles.wide}
      placeholder="UUID v4"
      hint="The client's id in your system (UUID v4)."
      addon={
        <button
          type="button"
          className="button-small"
          onClick={() =>
            setValue("client.id", crypto.randomUUID(), { shouldDirty: true, shouldValidate: true })
          }
        >
          Generate
        </button>
      }
    />
  );
}

/** The fields every client has: id, IP and email. */
export function ClientBaseFields() {
  return (
    <>
      <ClientIdField />
      <TextField
        name="client.ip"
        label="Client IP"
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        placeholder="203.0.113.10"
        hint="IPv4 or IPv6."
      />
      <TextField
        name="client.email"
        label="Client email"
        type="email"
        autoComplete="off"
        placeholder="client@example.com"
      />
    </>
  );
}

/** The form's paymentId, shown so staff can quote it; it is the order's idempotency key. */
export function PaymentIdNote({ paymentId }: { paymentId: string | undefined }) {
  return (
    <p className={`muted ${styles.paymentIdNote}`}>
      paymentId <code data-testid="payment-id">{paymentId || "…"}</code> — kept for this form, so submitting
      again never creates a second order.
    </p>
  );
}

/** Example phone numbers by country, for the placeholder. */
const PHONE_EXAMPLES: Record<string, string> = {
  RU: "+79001234567",
  BR: "+5511987654321",
  KZ: "+77011234567",
};

/** The client's phone (international format; spaces, dashes and brackets are removed). */
export function ClientPhoneField({
  label = "Client phone",
  optional,
  hint,
}: {
  label?: string;
  optional?: boolean;
  hint?: string;
}) {
  const country = String(useWatch({ name: "country" }) ?? "")
    .trim()
    .toUpperCase();
  return (
    <TextField
      name="client.phone"
      label={label}
      type="tel"
      autoComplete="off"
      optional={optional}
      hint={hint}
      placeholder={PHONE_EXAMPLES[country] ?? "+79001234567"}
    />
  );
}
