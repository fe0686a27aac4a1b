import {
  DayRangeFilter,
  FilterActions,
  FilterForm,
  filterFieldsFor,
  MethodFilter,
  SearchFilter,
  SelectFilter,
} from "@/components/forms/filter-fields";
import { PlainField } from "@/components/forms/plain-field";
import { ORDER_STATUSES } from "@/lib/contract";
import { LOCAL_STATUSES } from "@/lib/database/dashboard/local-status";
import type { FilterError, OrderListFilters } from "@/lib/orders/list-filters";
import styles from "./orders.module.css";

const STATUS_OPTIONS: readonly string[] = [...ORDER_STATUSES, ...LOCAL_STATUSES];
/** The filters inside the "Filters" disclosure (the search stays in view). */
const FOLDED_KEYS = ["direction", "method", "status", "country", "from", "to"] as const;

/** The orders list's filters (a plain GET form, see FilterForm). Submitting starts again from the first page. */
export function OrderFilters({
  filters,
  raw,
  errors,
}: {
  filters: OrderListFilters;
  /** Values as typed, shown back in the text fields even when invalid. */
  raw: Partial<Record<keyof OrderListFilters, string>>;
  errors: FilterError[];
}) {
  const field = filterFieldsFor("f", errors);
  const country = field("country");
  // A status not in our list (the service may send others) stays selectable.
  const otherStatus = filters.status && !STATUS_OPTIONS.includes(filters.status) ? filters.status : null;
  // Folded on phones unless a filter is set (or refused): the list comes first, the filters on demand.
  const active = FOLDED_KEYS.filter((key) => raw[key] !== undefined).length;
  return (
    <FilterForm label="Filter orders" action="/orders" values={raw}>
      <div className={styles.searchRow}>
        <SearchFilter
          {...field("q")}
          label="Search"
          value={raw.q ?? ""}
          placeholder="paymentId or order id (first 4+ characters), client email"
          className={styles.search}
        />
        <FilterActions clearHref="/orders" />
      </div>
      <details className={styles.moreFilters} open={active > 0}>
        <summary>Filters{active > 0 ? ` (${active} set)` : ""}</summary>
        <div className={styles.filterGrid}>
          <SelectFilter {...field("direction")} label="Direction" value={filters.direction ?? ""}>
            <option value="payin">Pay-in</option>
            <option value="payout">Pay-out</option>
          </SelectFilter>
          <MethodFilter {...field("method")} label="Method" value={filters.method ?? ""} />
          <SelectFilter {...field("status")} label="Status" value={filters.status ?? ""}>
            {/* The service's statuses apart from the dashboard's own states (not sent or not accepted). */}
            <optgroup label="Payment service">
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
              {otherStatus && <option value={otherStatus}>{otherStatus}</option>}
            </optgroup>
            <optgroup label="Dashboard (not accepted)">
              {LOCAL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          </SelectFilter>
          <PlainField id={country.id} label="Country" {...country.invalidProps}>
            {(control) => (
              <input
                {...control}
                name={country.name}
                defaultValue={raw.country ?? ""}
                placeholder="RU"
                maxLength={2}
                autoCapitalize="characters"
                pattern="[A-Za-z]{2}"
                title="Two-letter country code, e.g. RU"
              />
            )}
          </PlainField>
          <DayRangeFilter from={raw.from ?? ""} to={raw.to ?? ""} field={field} />
        </div>
      </details>
    </FilterForm>
  );
}
