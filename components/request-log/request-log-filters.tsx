import {
  DayRangeFilter,
  FilterActions,
  FilterForm,
  filterFieldsFor,
  SearchFilter,
  SelectFilter,
} from "@/components/forms/filter-fields";
import { PlainField } from "@/components/forms/plain-field";
import styles from "@/components/orders/orders.module.css";
import { CALL_KIND_TEXT, CALL_KINDS } from "@/lib/payment-api/call-kinds";
import { type CallFilterError, type CallListFilters, WHO_SYSTEM } from "@/lib/request-log/list-filters";

/** The request log's filters (a plain GET form, see FilterForm). */
export function RequestLogFilters({
  filters,
  raw,
  errors,
  emails,
}: {
  filters: CallListFilters;
  /** Values as typed, shown back in the text fields even when refused. */
  raw: Partial<Record<keyof CallListFilters, string>>;
  errors: CallFilterError[];
  /** The people the "Who" filter offers. */
  emails: readonly string[];
}) {
  const field = filterFieldsFor("r", errors);
  const status = field("status");
  const banks = field("banks");
  // An email in the URL that is nobody's now (or not yet listed) stays shown as chosen.
  const people =
    filters.who && filters.who !== WHO_SYSTEM && !emails.includes(filters.who)
      ? [...emails, filters.who]
      : emails;
  return (
    <FilterForm label="Filter calls" action="/requests" values={raw}>
      <div className={styles.filterGrid}>
        <SearchFilter
          {...field("order")}
          label="Order"
          value={raw.order ?? ""}
          placeholder="paymentId or order id (4+ characters), email"
        />
        <SelectFilter {...field("call")} label="Call" value={filters.call ?? ""}>
          {CALL_KINDS.map((k) => (
            <option key={k} value={k}>
              {CALL_KIND_TEXT[k]}
            </option>
          ))}
        </SelectFilter>
        <PlainField id={status.id} label="Status or error" {...status.invalidProps}>
          {(control) => (
            <>
              <input
                {...control}
                name={status.name}
                list="r-status-options"
                defaultValue={raw.status ?? ""}
                placeholder="404, 5xx, timeout"
              />
              <datalist id="r-status-options">
                {["2xx", "4xx", "5xx", "timeout", "network"].map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            </>
          )}
        </PlainField>
        <SelectFilter {...field("who")} label="Who" value={filters.who ?? ""} anyLabel="Anyone">
          <option value={WHO_SYSTEM}>The dashboard itself</option>
          {people.map((email) => (
            <option key={email} value={email}>
              {email}
            </option>
          ))}
        </SelectFilter>
        <DayRangeFilter from={filters.from ?? ""} to={filters.to ?? ""} field={field} />
      </div>
      <PlainField id={banks.id} label="Show bank-directory reads" checkbox {...banks.invalidProps}>
        {(control) => (
          <input
            {...control}
            type="checkbox"
            name={banks.name}
            value="1"
            defaultChecked={filters.banks === "1"}
          />
        )}
      </PlainField>
      <FilterActions clearHref="/requests" />
    </FilterForm>
  );
}
