import type { ReactNode } from "react";
import { describedBy, lineIds } from "./field-ids";
import styles from "./forms.module.css";

/** What a field's control gets from its frame: its id and ARIA state, to spread onto the control. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface PlainFieldProps {
  /** The control's id; the field's lines take `<id>-error`, `<id>-warning` and `<id>-hint`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the control; marks it invalid. */
  error?: ReactNode;
  /** Shown in the warning colour; it does not block submitting. */
  warning?: ReactNode;
  /** Marks the control invalid when its error is told elsewhere (a filter form's list of refused filters). */
  invalid?: boolean;
  /** Ids of other elements that describe the control too (that list, a live count), after its own lines. */
  describedBy?: string;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  /** A checkbox: the label wraps the control and follows it. */
  checkbox?: boolean;
  className?: string;
  /** The form's name for the field (`data-field`), where errors are placed by name. */
  field?: string;
  /** Renders the control with the id and ARIA attributes the field wires up. */
  children: (control: ControlProps) => ReactNode;
}

/**
 * One form field outside react-hook-form: label, control, error, warning and hint, wired for assistive
 * technology. The react-hook-form fields (field.tsx) render through it too, so every form looks and reads
 * the same.
 */
export function PlainField({
  id,
  label,
  hint,
  error,
  warning,
  invalid,
  describedBy: others,
  optional,
  checkbox,
  className,
  field,
  children,
}: PlainFieldProps) {
  const ids = lineIds(id);
  const control = children({
    id,
    "aria-invalid": error || invalid ? true : undefined,
    "aria-describedby": describedBy(ids, { error, warning, hint, others }),
  });
  const labelText = (
    <>
      {label}
      {optional ? <span className={styles.optional}> (optional)</span> : null}
    </>
  );
  return (
    <div className={className ? `field ${className}` : "field"} data-field={field}>
      {checkbox ? (
        <label className="checkbox" htmlFor={id}>
          {control}
          <span>{labelText}</span>
        </label>
      ) : (
        <>
          <label htmlFor={id}>{labelText}</label>
          {control}
        </>
      )}
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
