"use client";

import type { ComponentType } from "react";
import { useWatch } from "react-hook-form";
import { BankPickerField } from "@/components/bank-picker/bank-picker-field";
import { TextField } from "@/components/forms/field";
import formStyles from "@/components/forms/forms.module.css";
import { ClientPhoneField } from "@/components/forms/order-fields";
import type { MethodFieldsProps } from "@/components/forms/order-form-frame";
import { useTestRecipientWarning } from "@/components/forms/sandbox-triggers";
import { PAYOUT_DETAIL_LABELS, type PayoutMethod } from "@/lib/contract";
import { CardNumberField } from "./card-number-field";
import styles from "./payout-form.module.css";

function CardPayoutFields({ sandbox }: MethodFieldsProps<PayoutMethod>) {
  const testRecipient = useTestRecipientWarning("ccNo", sandbox);
  return (
    <>
      <CardNumberField
        name="payoutDetails.ccNo"
        label={PAYOUT_DETAIL_LABELS.ccNo}
        hint="Checked with the Luhn algorithm. Stored only as its first six and last four digits."
        warning={testRecipient}
      />
      <TextField
        name="payoutDetails.ccHolderName"
        label={PAYOUT_DETAIL_LABELS.ccHolderName}
        autoComplete="off"
        autoCapitalize="characters"
        placeholder="IVAN IVANOV"
      />
      <fieldset className={styles.expiry}>
        <legend className="visually-hidden">Card expiry</legend>
        <TextField
          name="payoutDetails.ccExpirationMonth"
          label="Expiry month"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          placeholder="MM"
        />
        <TextField
          name="payoutDetails.ccExpirationYear"
          label="Expiry year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder="YY"
        />
      </fieldset>
    </>
  );
}

function SbpPayoutFields({ sandbox }: MethodFieldsProps<PayoutMethod>) {
  const payee = String(useWatch({ name: "payoutDetails.payeeName" }) ?? "");
  const testRecipient = useTestRecipientWarning("phoneNumber", sandbox);
  return (
    <>
      <TextField
        name="payoutDetails.phoneNumber"
        label={PAYOUT_DETAIL_LABELS.phoneNumber}
        type="tel"
        autoComplete="off"
        placeholder="+79001234567"
        hint="The Russian phone bound to the recipient's SBP account: +7 and ten digits."
        warning={testRecipient}
      />
      <TextField
        name="payoutDetails.payeeName"
        label={PAYOUT_DETAIL_LABELS.payeeName}
        autoComplete="off"
        optional
        warning={
          payee.trim() === ""
            ? "Recommended: the recipient's name as their bank knows it. Without it the bank may refuse the transfer."
            : undefined
        }
      />
      <BankPickerField
        direction="payout"
        method="SBP"
        label="Recipient's bank"
        hint="Optional: the SBP bank of the recipient. A bank can be given with SBP only."
      />
    </>
  );
}

function BankAccountPayoutFields() {
  return (
    <TextField
      name="payoutDetails.bankAccountNo"
      label={PAYOUT_DETAIL_LABELS.bankAccountNo}
      autoComplete="off"
      spellCheck={false}
      className={formStyles.wide}
      placeholder="40817810099910004312"
      hint="5 to 34 digits or capital letters; spaces are removed."
    />
  );
}

/** PIX_OUT_*: the client's tin (always) and phone (the key of PIX_OUT_PHONE), and the EVP key. */
function PixPayoutFields({ method }: MethodFieldsProps<PayoutMethod>) {
  return (
    <>
      <TextField
        name="client.tin"
        label="Client CPF / CNPJ"
        autoComplete="off"
        spellCheck={false}
        placeholder="529.982.247-25"
        hint="CPF (11 digits) or CNPJ (14 characters); dots, dashes and slash allowed. Check digits are verified."
      />
      <ClientPhoneField
        label={method === "PIX_OUT_PHONE" ? "Client phone (the Pix key)" : "Client phone"}
        optional={method !== "PIX_OUT_PHONE"}
        hint={
          method === "PIX_OUT_PHONE"
            ? "A Brazilian number: +55, the two-digit area code and 8 or 9 digits."
            : undefined
        }
      />
      {method === "PIX_OUT_EVP" ? (
        <TextField
          name="payoutDetails.evp"
          label={PAYOUT_DETAIL_LABELS.evp}
          autoComplete="off"
          spellCheck={false}
          className={formStyles.wide}
          placeholder="1b4e28ba-2fa1-41d2-883f-0016d3cca427"
          hint="The random key the recipient's bank issued (a UUID)."
        />
      ) : null}
      {method === "PIX_OUT_EMAIL" ? (
        <p className={`muted ${styles.pixKeyNote}`}>
          The Pix key is the client's email, entered below under Client.
        </p>
      ) : null}
      {method === "PIX_OUT_CPF" ? (
        <p className={`muted ${styles.pixKeyNote}`}>The Pix key is the client's CPF / CNPJ.</p>
      ) : null}
    </>
  );
}

/** Each method's own fields (the discriminator picks one). */
export const PAYOUT_METHOD_FIELDS: Record<PayoutMethod, ComponentType<MethodFieldsProps<PayoutMethod>>> = {
  Card: CardPayoutFields,
  SBP: SbpPayoutFields,
  BankAccount: BankAccountPayoutFields,
  PIX_OUT_CPF: PixPayoutFields,
  PIX_OUT_EMAIL: PixPayoutFields,
  PIX_OUT_PHONE: PixPayoutFields,
  PIX_OUT_EVP: PixPayoutFields,
};

export const PAYOUT_METHOD_HINTS: Record<PayoutMethod, string> = {
  Card: "Pay out to a bank card.",
  SBP: "Pay out by SBP to the phone bound to the recipient's account.",
  BankAccount: "Pay out to a bank account number.",
  PIX_OUT_CPF: "Pix pay-out keyed by the client's CPF / CNPJ.",
  PIX_OUT_EMAIL: "Pix pay-out keyed by the client's email.",
  PIX_OUT_PHONE: "Pix pay-out keyed by the client's phone.",
  PIX_OUT_EVP: "Pix pay-out to a random key (EVP) issued by the recipient's bank.",
};
