import { ORDER_LIST_METHODS } from "@/lib/orders/list-filters";
import { FILTER_ERRORS_ID } from "./filter-errors";

/** The attributes a refused filter's field gets: invalid, described by the FilterErrors list. */
export type InvalidProps = { "aria-invalid"?: true; "aria-describedby"?: string };

/** For a filter form: `err(field)` gives a field its InvalidProps when one of `errors` names it. */
export function invalidPropsFor<F extends string>(
  errors: readonly { field: F }[],
): (field: F) => InvalidProps {
  const invalid = new Set<string>(errors.map((e) => e.field));
  return (field) =>
    invalid.has(field) ? { "aria-invalid": true as const, "aria-describedby": FILTER_ERRORS_ID } : {};
}

/** The payment-method filter shared by the list pages (`name="method"`). */
export function MethodFilter({
  id,
  label,
  value,
  invalidProps,
}: {
  id: string;
  label: string;
  value: string;
  invalidProps: InvalidProps;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="method" defaultValue={value} {...invalidProps}>
        <option value="">Any</option>
        {ORDER_LIST_METHODS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The From / To day filters shared by the list pages (`name="from"`, `name="to"`, UTC days). */
export function DayRangeFilter({
  idPrefix,
  from,
  to,
  err,
}: {
  idPrefix: string;
  from: string;
  to: string;
  err: (field: "from" | "to") => InvalidProps;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>From (UTC)</label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} {...err("from")} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>To (UTC)</label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} {...err("to")} />
      </div>
    </>
  );
}
