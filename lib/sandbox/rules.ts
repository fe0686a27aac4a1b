/**
 * Business rules beyond the contract's schemas: which countries a method serves, which bank directory its
 * bankId must come from, and the per-method amount limits. Each failure names its field.
 */
import {
  type FieldError,
  formatMinorUnits,
  type PayinMethod,
  type PayoutMethod,
  type Direction,
} from "@/lib/contract";
import { type DirectoryBank, defaultBankOf, findBank } from "./banks";
import type { AmountLimit } from "./options";

/** National systems: SBP and NSPK QR are Russian, Pix is Brazilian. Other methods serve any country. */
const REQUIRED_COUNTRY: Partial<Record<`${Direction}:${string}`, string>> = {
  "payin:SBP": "RU",
  "payin:QRNSPK": "RU",
  "payin:PIX": "BR",
  "payout:SBP": "RU",
  "payout:PIX_OUT_CPF": "BR",
  "payout:PIX_OUT_EMAIL": "BR",
  "payout:PIX_OUT_PHONE": "BR",
  "payout:PIX_OUT_EVP": "BR",
};

/** Cross-border SBP/NSPK pay into a Russian SBP member bank, whatever the payer's country. */
const DIRECTORY_COUNTRY: Partial<Record<`${Direction}:${string}`, string>> = {
  "payin:CrossBorderSBP": "RU",
  "payin:QRNSPKCrossBorder": "RU",
};

export interface RuleInput {
  direction: Direction;
  method: PayinMethod | PayoutMethod;
  country: string;
  bankId: number | undefined;
  amountMinor: number;
  limit: AmountLimit;
}

export interface RuleResult {
  errors: FieldError[];
  /** The bank whose details the order carries (chosen or the country's default). */
  bank: DirectoryBank | undefined;
}

export function checkRules(input: RuleInput): RuleResult {
  const key = `${input.direction}:${input.method}` as const;
  const errors: FieldError[] = [];
  const required = REQUIRED_COUNTRY[key];
  if (required && input.country !== required) {
    errors.push({ path: "country", message: `${input.method} serves country ${required} only` });
  }
  const directory = DIRECTORY_COUNTRY[key] ?? required ?? input.country;
  let bank: DirectoryBank | undefined;
  if (input.bankId !== undefined) {
    bank = findBank(input.bankId);
    if (!bank || bank.alpha2 !== directory) {
      errors.push({
        path: "bankId",
        message: `No bank with id ${input.bankId} in the ${directory} directory (GET /api/v1/bank/available?country=${directory})`,
      });
      bank = undefined;
    }
  } else {
    bank = defaultBankOf(directory);
  }
  const { min, max } = input.limit;
  if (input.amountMinor < min || input.amountMinor > max) {
    const dir = input.direction === "payin" ? "pay-ins" : "pay-outs";
    errors.push({
      path: "amount",
      message: `Must be between ${formatMinorUnits(min)} and ${formatMinorUnits(max)} for ${input.method} ${dir}`,
    });
  }
  return { errors, bank };
}
