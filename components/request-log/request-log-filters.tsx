import { DayRangeFilter, invalidPropsFor } from "@/components/forms/filter-fields";
import styles from "@/components/orders/orders.module.css";
import { CALL_KIND_TEXT, CALL_KINDS } from "@/lib/payment-api/call-kinds";
import { type CallFilterError, type CallListFilters, WHO_SYSTEM } from "@/lib/request-log/list-filters";

/** The request log's filters as a plain GET form: in the URL, shareable, without JavaScript too. */
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
  const err = invalidPropsFor(errors);
  // An email in the URL that is nobody's now (or not yet listed) stays shown as chosen.
  const people =
    filters.who && filters.who !== WHO_SYSTEM && !emails.includes(filters.who)
      ? [...emails, filters.who]
      : emails;
  return (
    <search aria-label="Filter calls">
      {/* Keyed on the values, so that a link to other filters shows them (defaultValue alone would not). */}
      <form key={JSON.stringify(raw)} method="get" action="/requests" className={`card ${styles.filters}`}>
        <div className={styles.filterGrid}>
          <div className="field">
            <label htmlFor="r-order">Order</label>
            <input
              id="r-order"
              name="order"
              type="search"
              defaultValue={raw.order ?? ""}
              placeholder="paymentId or order id (4+ characters), email"
              {...err("order")}
            />
          </div>
          <div className="field">
            <label htmlFor="r-call">Call</label>
            <select id="r-call" name="call" defaultValue={filters.call ?? ""} {...err("call")}>
              <option value="">Any</option>
              {CALL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CALL_KIND_TEXT[k]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="r-status">Status or error</label>
            <input
              id="r-status"
              name="status"
              list="r-status-options"
              defaultValue={raw.status ?? ""}
              placeholder="404, 5xx, timeout"
              {...err("status")}
            />
            <datalist id="r-status-options">
              {["2xx", "4xx", "5xx", "timeout", "network"].map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </div>
          <div className="field">
            <label htmlFor="r-who">Who</label>
            <select id="r-who" name="who" defaultValue={filters.who ?? ""} {...err("who")}>
              <option value="">Anyone</option>
              <option value={WHO_SYSTEM}>The dashboard itself</option>
              {people.map((email) => (
                <option key={email} value={email}>
                  {email}
                </option>
              ))}
            </select>
          </div>
          <DayRangeFilter idPrefix="r" from={filters.from ?? ""} to={filters.to ?? ""} err={err} />
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            name="banks"
            value="1"
            defaultChecked={filters.banks === "1"}
            {...err("banks")}
          />
          <span>Show bank-directory reads</span>
        </label>
        <div className={styles.filterActions}>
          <button type="submit" className="button-primary">
            Apply
          </button>
          <a href="/requests" className="button">
            Clear
          </a>
        </div>
      </form>
    </search>
  );
}
