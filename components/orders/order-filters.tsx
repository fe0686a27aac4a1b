import { ORDER_STATUSES } from "@/lib/contract";
import { DayRangeFilter, invalidPropsFor, MethodFilter } from "@/components/forms/filter-fields";
import type { FilterError, OrderListFilters } from "@/lib/orders/list-filters";
import { LOCAL_STATUSES } from "@/lib/database/dashboard/local-status";
import styles from "./orders.module.css";

const STATUS_OPTIONS: readonly string[] = [...ORDER_STATUSES, ...LOCAL_STATUSES];
/** The filters inside the "Filters" disclosure (the search stays in view). */
const FOLDED_KEYS = ["direction", "method", "status", "country", "from", "to"] as const;

/**
 * The list's filters as a plain GET form: the filters live in the URL, links can be shared, and it works
 * without JavaScript. Submitting starts again from the first page (no cursor is carried).
 */
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
  const err = invalidPropsFor(errors);
  // A status not in our list (the service may send others) stays selectable.
  const otherStatus = filters.status && !STATUS_OPTIONS.includes(filters.status) ? filters.status : null;
  // Folded on phones unless a filter is set (or refused): the list comes first, the filters on demand.
  const active = FOLDED_KEYS.filter((key) => raw[key] !== undefined).length;
  return (
    <search aria-label="Filter orders">
      {/* Keyed on the values: a link to other filters (a saved view) re-renders this page in place, and
          the fields' defaultValue alone would keep showing the old ones. */}
      <form key={JSON.stringify(raw)} method="get" action="/orders" className={`card ${styles.filters}`}>
        <div className={styles.searchRow}>
          <div className={`field ${styles.search}`}>
            <label htmlFor="f-q">Search</label>
            <input
              id="f-q"
              name="q"
              type="search"
              defaultValue={raw.q ?? ""}
              placeholder="paymentId or order id (first 4+ characters), client email"
              {...err("q")}
            />
          </div>
          <div className={styles.filterActions}>
            <button type="submit" className="button-primary">
              Apply
            </button>
            <a href="/orders" className="button">
              Clear
            </a>
          </div>
        </div>
        <details className={styles.moreFilters} open={active > 0}>
          <summary>Filters{active > 0 ? ` (${active} set)` : ""}</summary>
          <div className={styles.filterGrid}>
            <div className="field">
              <label htmlFor="f-direction">Direction</label>
              <select
                id="f-direction"
                name="direction"
                defaultValue={filters.direction ?? ""}
                {...err("direction")}
              >
                <option value="">Any</option>
                <option value="payin">Pay-in</option>
                <option value="payout">Pay-out</option>
              </select>
            </div>
            <MethodFilter
              id="f-method"
              label="Method"
              value={filters.method ?? ""}
              invalidProps={err("method")}
            />
            <div className="field">
              <label htmlFor="f-status">Status</label>
              <select id="f-status" name="status" defaultValue={filters.status ?? ""} {...err("status")}>
                <option value="">Any</option>
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
              </select>
            </div>
            <div className="field">
              <label htmlFor="f-country">Country</label>
              <input
                id="f-country"
                name="country"
                defaultValue={raw.country ?? ""}
                placeholder="RU"
                maxLength={2}
                autoCapitalize="characters"
                pattern="[A-Za-z]{2}"
                title="Two-letter country code, e.g. RU"
                {...err("country")}
              />
            </div>
            <DayRangeFilter idPrefix="f" from={raw.from ?? ""} to={raw.to ?? ""} err={err} />
          </div>
        </details>
      </form>
    </search>
  );
}
