"use client";

import type { ReactNode } from "react";
import { get, useFormContext, useFormState } from "react-hook-form";
import { fieldIds } from "./field-ids";
import styles from "./forms.module.css";
import { type ControlProps, PlainField, type PlainFieldProps } from "./plain-field";

export interface FieldFrameProps
  extends Pick<PlainFieldProps, "label" | "hint" | "warning" | "optional" | "className"> {
  name: string;
  /** Renders the control with the ids and ARIA attributes the frame wires up. */
  children: (control: ControlProps & { "aria-required": true | undefined }) => ReactNode;
}

/** The message of the field's error (from the schema or the server), or undefined. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
}

/** A react-hook-form field: the plain field, with its id from the name and its error from the form. */
export function FieldFrame({ name, optional, children, ...field }: FieldFrameProps) {
  return (
    <PlainField
      {...field}
      id={fieldIds(name).input}
      field={name}
      optional={optional}
      error={useFieldError(name)}
    >
      {(control) => children({ ...control, "aria-required": optional ? undefined : true })}
    </PlainField>
  );
}

type InputProps = Omit<React.ComponentProps<"input">, "name" | "id" | "children">;

export interface TextFieldProps extends Omit<FieldFrameProps, "children">, InputProps {
  /** Shown beside the input (a currency, a button). */
  addon?: ReactNode;
}

export function TextField({
  name,
  label,
  hint,
  warning,
  optional,
  className,
  addon,
  ...input
}: TextFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame
      name={name}
      label={label}
      hint={hint}
      warning={warning}
      optional={optional}
      className={className}
    >
      {(control) =>
        addon ? (
          <div className={styles.withAddon}>
            <input {...input} {...control} {...register(name)} />
            {addon}
          </div>
        ) : (
          <input {...input} {...control} {...register(name)} />
        )
      }
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<FieldFrameProps, "children"> {
  options: readonly { value: string; label: string }[];
}

export function SelectField({ name, options, ...frame }: SelectFieldProps) {
  const { register } = useFormContext();
  return (
    <FieldFrame name={name} {...frame}>
      {(control) => (
        <select {...control} {...register(name)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({ name, label, hint }: { name: string; label: ReactNode; hint?: ReactNode }) {
  const { register } = useFormContext();
  return (
    <PlainField
      id={fieldIds(name).input}
      field={name}
      label={label}
      hint={hint}
      error={useFieldError(name)}
      checkbox
    >
      {(control) => <input type="checkbox" {...control} {...register(name)} />}
    </PlainField>
  );
}
