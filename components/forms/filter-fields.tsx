import type { ReactNode } from "react";
import { ORDER_LIST_METHODS } from "@/lib/orders/list-filters";
import filterStyles from "@/components/orders/orders.module.css";
import { FILTER_ERRORS_ID } from "./filter-errors";
import { PlainField } from "./plain-field";

/** What a refused filter's field gets: invalid, described by the FilterErrors list (PlainField's props). */
export type InvalidProps = { invalid?: true; describedBy?: string };

/** For a filter form: `err(field)` gives a field its InvalidProps when one of `errors` names it. */
export function invalidPropsFor<F extends string>(
  errors: readonly { field: F }[],
): (field: F) => InvalidProps {
  const invalid = new Set<string>(errors.map((e) => e.field));
  return (field) => (invalid.has(field) ? { invalid: true as const, describedBy: FILTER_ERRORS_ID } : {});
}

/**
 * A list page's filters as a plain GET form to the page itself: the filters live in the URL, links can be
 * shared, and it works without JavaScript. Keyed on the values: a link to other filters (a saved view)
 * re-renders the page in place, and the fields' defaultValue alone would keep showing the old ones.
 */
export function FilterForm({
  label,
  action,
  values,
  children,
}: {
  label: string;
  action: string;
  values: object;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form
        key={JSON.stringify(values)}
        method="get"
        action={action}
        className={`card ${filterStyles.filters}`}
      >
        {children}
      </form>
    </search>
  );
}

/** Apply, and Clear (the page without filters). */
export function FilterActions({ clearHref }: { clearHref: string }) {
  return (
    <div className={filterStyles.filterActions}>
      <button type="submit" className="button-primary">
        Apply
      </button>
      <a href={clearHref} className="button">
        Clear
      </a>
    </div>
  );
}

/** The text search of a list page (the orders' `q`, the request log's `order`). */
export function SearchFilter({
  id,
  name,
  label,
  value,
  placeholder,
  className,
  invalidProps,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  placeholder: string;
  className?: string;
  invalidProps: InvalidProps;
}) {
  return (
    <PlainField id={id} label={label} className={className} {...invalidProps}>
      {(control) => (
        <input {...control} name={name} type="search" defaultValue={value} placeholder={placeholder} />
      )}
    </PlainField>
  );
}

/** A filter's select whose first choice is "any value" (`""`). */
export function SelectFilter({
  id,
  name,
  label,
  value,
  anyLabel = "Any",
  invalidProps,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  anyLabel?: string;
  invalidProps: InvalidProps;
  /** The options after "any". */
  children: ReactNode;
}) {
  return (
    <PlainField id={id} label={label} {...invalidProps}>
      {(control) => (
        <select {...control} name={name} defaultValue={value}>
          <option value="">{anyLabel}</option>
          {children}
        </select>
      )}
    </PlainField>
  );
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
    <SelectFilter id={id} name="method" label={label} value={value} invalidProps={invalidProps}>
      {ORDER_LIST_METHODS.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </SelectFilter>
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
      <PlainField id={`${idPrefix}-from`} label="From (UTC)" {...err("from")}>
        {(control) => <input {...control} name="from" type="date" defaultValue={from} />}
      </PlainField>
      <PlainField id={`${idPrefix}-to`} label="To (UTC)" {...err("to")}>
        {(control) => <input {...control} name="to" type="date" defaultValue={to} />}
      </PlainField>
    </>
  );
}
