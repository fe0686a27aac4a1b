"use client";

import type { ReactNode } from "react";
import { get, useFormContext, useFormState } from "react-hook-form";
import { describedBy, fieldIds } from "./field-ids";
import styles from "./forms.module.css";

export interface FieldFrameProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown in the warning colour; it does not block submitting. */
  warning?: ReactNode;
  optional?: boolean;
  className?: string;
  /** Renders the control with the ids and ARIA attributes the frame wires up. */
  children: (control: {
    id: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    "aria-required": true | undefined;
  }) => ReactNode;
}

/** The message of the field's error (from the schema or the server), or undefined. */
export function useFieldError(name: string): string | undefined {
  const { errors } = useFormState({ name });
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
}

/** Label, control, hint, warning and error of one field, wired for assistive technology. */
export function FieldFrame({ name, label, hint, warning, optional, className, children }: FieldFrameProps) {
  const ids = fieldIds(name);
  const error = useFieldError(name);
  return (
    <div className={`field ${className ?? ""}`} data-field={name}>
      <label htmlFor={ids.input}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {children({
        id: ids.input,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(ids, { hint, error, warning }),
        "aria-required": optional ? undefined : true,
      })}
      {error ? (
        <span id={ids.error} className="field-error">
          {error}
        </span>
      ) : null}
      {warning ? (
        <span id={ids.warning} className="field-warning">
          {warning}
        </span>
      ) : null}
      {hint ? (
        <span id={ids.hint} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
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
  const ids = fieldIds(name);
  const error = useFieldError(name);
  return (
    <div className="field" data-field={name}>
      <label className="checkbox" htmlFor={ids.input}>
        <input
          type="checkbox"
          id={ids.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, { hint, error })}
          {...register(name)}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <span id={ids.error} className="field-error">
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={ids.hint} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
