"use client";

import type { ComponentType } from "react";
import type { MethodFieldsProps } from "@/components/forms/order-form-frame";
import { BankPickerField } from "@/components/bank-picker/bank-picker-field";
import type { PayinMethod } from "@/lib/contract";

const BANK_ROUTED: Record<PayinMethod, string> = {
  Card: "card payment",
  CrossBorderCard: "card payment",
  SBP: "SBP transfer",
  CrossBorderSBP: "SBP transfer",
  QRNSPK: "NSPK QR payment",
  QRNSPKCrossBorder: "NSPK QR payment",
  PIX: "Pix payment",
};

/** Every method may name the bank (spec 2.1 `bankId`); leave it empty to let the service pick. */
function BankMethodFields({ method }: { method: PayinMethod }) {
  return (
    <BankPickerField
      direction="payin"
      method={method}
      label="Bank"
      hint={`Optional: choose the bank to route the ${BANK_ROUTED[method]} through; leave empty to let the service pick.`}
    />
  );
}

/** Each method's own fields (the discriminator picks one). */
export const PAYIN_METHOD_FIELDS: Record<PayinMethod, ComponentType<MethodFieldsProps<PayinMethod>>> = {
  Card: BankMethodFields,
  CrossBorderCard: BankMethodFields,
  SBP: BankMethodFields,
  CrossBorderSBP: BankMethodFields,
  QRNSPK: BankMethodFields,
  QRNSPKCrossBorder: BankMethodFields,
  PIX: BankMethodFields,
};

/** What the customer gets back, per method (shown under the method select). */
export const PAYIN_METHOD_HINTS: Record<PayinMethod, string> = {
  Card: "The customer pays to a card number the service hands out.",
  CrossBorderCard: "Cross-border card payment: the customer pays to a card number the service hands out.",
  SBP: "The customer transfers by SBP to a phone number the service hands out.",
  CrossBorderSBP: "Cross-border SBP transfer to a phone number the service hands out.",
  QRNSPK: "The customer scans an NSPK QR code (or opens it in a bank app).",
  QRNSPKCrossBorder: "Cross-border NSPK QR payment.",
  PIX: "The customer pays a Pix QR code (or its copy-and-paste code).",
};
