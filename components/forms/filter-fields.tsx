import type { ReactNode } from "react";
import { ORDER_LIST_METHODS } from "@/lib/orders/list-filters";
import filterStyles from "@/components/orders/orders.module.css";
import { FILTER_ERRORS_ID } from "./filter-errors";
import { PlainField } from "./plain-field";

/** What a refused filter's field gets: invalid, described by the FilterErrors list (PlainField's props). */
export type InvalidProps = { invalid?: true; describedBy?: string };

/** A filter field's id (`<prefix>-<name>`), its name in the URL, and whether it was refused. */
export interface FilterFieldProps<F extends string = string> {
  id: string;
  name: F;
  invalidProps: InvalidProps;
}

/**
 * For a filter form: `field(name)` gives a field its id, name and InvalidProps (invalid, described by the
 * FilterErrors list, when one of `errors` names it).
 */
export function filterFieldsFor<F extends string>(
  prefix: string,
  errors: readonly { field: F }[],
): (name: F) => FilterFieldProps<F> {
  const refused = new Set<string>(errors.map((e) => e.field));
  return (name) => ({
    id: `${prefix}-${name}`,
    name,
    invalidProps: refused.has(name) ? { invalid: true, describedBy: FILTER_ERRORS_ID } : {},
  });
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
}: FilterFieldProps & {
  label: string;
  value: string;
  placeholder: string;
  className?: string;
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
}: FilterFieldProps & {
  label: string;
  value: string;
  anyLabel?: string;
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

/** The payment-method filter shared by the list pages (`field("method")`). */
export function MethodFilter({
  label,
  value,
  ...field
}: FilterFieldProps & { label: string; value: string }) {
  return (
    <SelectFilter {...field} label={label} value={value}>
      {ORDER_LIST_METHODS.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </SelectFilter>
  );
}

/** The From / To day filters shared by the list pages (`from`, `to`: UTC days). */
export function DayRangeFilter({
  from,
  to,
  field,
}: {
  from: string;
  to: string;
  field: (name: "from" | "to") => FilterFieldProps;
}) {
  return (
    <>
      <DayFilter {...field("from")} label="From (UTC)" value={from} />
      <DayFilter {...field("to")} label="To (UTC)" value={to} />
    </>
  );
}

function DayFilter({
  id,
  name,
  invalidProps,
  label,
  value,
}: FilterFieldProps & { label: string; value: string }) {
  return (
    <PlainField id={id} label={label} {...invalidProps}>
      {(control) => <input {...control} name={name} type="date" defaultValue={value} />}
    </PlainField>
  );
}
