/**
 * Business rules beyond the contract's schemas: which bank directory its bankId must come from and the
 * per-method amount limits (the countries a method serves are the contract's; re-checked here so the rules
 * hold for any caller). Each failure names its field.
 */
import {
  bankDirectoryCountry,
  countryRuleError,
  type FieldError,
  formatMinorUnits,
  type PayinMethod,
  type PayoutMethod,
  type Direction,
} from "@/lib/contract";
import { type DirectoryBank, defaultBankOf, findBank } from "./banks";
import type { AmountLimit } from "./options";

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
  const errors: FieldError[] = [];
  const countryError = countryRuleError(input.direction, input.method, input.country);
  if (countryError) errors.push({ path: "country", message: countryError });
  const directory = bankDirectoryCountry(input.direction, input.method, input.country);
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
