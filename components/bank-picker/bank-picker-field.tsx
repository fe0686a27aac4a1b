"use client";

import type { ReactNode } from "react";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { FieldFrame } from "@/components/forms/field";
import { BankPicker } from "./bank-picker";

/** The bank picker as a form field: its value is the bank id as text ("" = none) under `name`. */
export function BankPickerField({
  name = "bankId",
  countryName = "country",
  label,
  hint,
}: {
  name?: string;
  countryName?: string;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const { control } = useFormContext();
  const country = String(useWatch({ name: countryName }) ?? "");
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
              country={country.trim().toUpperCase()}
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
