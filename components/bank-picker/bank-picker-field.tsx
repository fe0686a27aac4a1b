"use client";

import type { ReactNode } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { FieldFrame } from "@/components/forms/field";
import { bankDirectoryCountry, type Direction } from "@/lib/contract";
import { BankPicker } from "./bank-picker";

/**
 * The bank picker as a form field: its value is the bank id as text ("" = none) under `name`. It offers the
 * banks of the directory the order's bankId must come from (lib/contract): the order's country, except for
 * methods bound to another (cross-border SBP/NSPK pay into a Russian bank).
 */
export function BankPickerField({
  name = "bankId",
  countryName = "country",
  direction,
  method,
  label,
  hint,
}: {
  name?: string;
  countryName?: string;
  direction: Direction;
  method: string;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { control } = useFormContext();
  const typed = String(useWatch({ name: countryName }) ?? "")
    .trim()
    .toUpperCase();
  const country = bankDirectoryCountry(direction, method, typed);
  return (
    <FieldFrame name={name} label={label} hint={hint} optional>
      {(aria) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <BankPicker
              id={aria.id}
              aria-invalid={aria["aria-invalid"]}
              aria-describedby={aria["aria-describedby"]}
              country={country}
              value={String(field.value ?? "")}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}
