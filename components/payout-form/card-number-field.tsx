"use client";

import { Controller, useFormContext } from "react-hook-form";
import { FieldFrame } from "@/components/forms/field";
import { groupCardNumber } from "@/lib/orders/form-normalise";

/** Shows the card number in groups of four; the form value (what is sent) is the digits only. */
export function CardNumberField({
  name,
  label,
  hint,
  warning,
}: {
  name: string;
  label: string;
  hint?: string;
  warning?: string;
}) {
  const { control } = useFormContext();
  return (
    <FieldFrame name={name} label={label} hint={hint} warning={warning}>
      {(aria) => (
        <Controller
          name={name}
          control={control}
          render={({ field }) => (
            <input
              {...aria}
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              placeholder="0000 0000 0000 0000"
              // 19 digits and their 4 separating spaces.
              maxLength={23}
              value={groupCardNumber(String(field.value ?? ""))}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, "").slice(0, 19))}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}
