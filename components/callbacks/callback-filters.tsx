import { CALLBACK_OUTCOMES, OUTCOME_FILTER_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackFilterError, CallbackListFilters } from "@/lib/callbacks/list-filters";
import { ORDER_LIST_METHODS } from "@/lib/orders/list-filters";
import styles from "@/components/orders/orders.module.css";

/** The Callbacks page's filters as a plain GET form: in the URL, shareable, without JavaScript too. */
export function CallbackFilters({
  filters,
  errors,
}: {
  filters: CallbackListFilters;
  errors: CallbackFilterError[];
}) {
  const invalid = new Set(errors.map((e) => e.field));
  const err = (field: CallbackFilterError["field"]) =>
    invalid.has(field) ? { "aria-invalid": true as const, "aria-describedby": "filter-errors" } : {};
  return (
    <search aria-label="Filter callbacks">
      {/* Keyed on the values, so that a link to other filters shows them (defaultValue alone would not). */}
      <form
        key={JSON.stringify(filters)}
        method="get"
        action="/callbacks"
        className={`card ${styles.filters}`}
      >
        <div className={styles.filterGrid}>
          <div className="field">
            <label htmlFor="c-outcome">Outcome</label>
            <select id="c-outcome" name="outcome" defaultValue={filters.outcome ?? ""} {...err("outcome")}>
              <option value="">Any</option>
              {CALLBACK_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {OUTCOME_FILTER_TEXT[o]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="c-method">Order's method</label>
            <select id="c-method" name="method" defaultValue={filters.method ?? ""} {...err("method")}>
              <option value="">Any</option>
              {ORDER_LIST_METHODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="c-from">From (UTC)</label>
            <input id="c-from" name="from" type="date" defaultValue={filters.from ?? ""} {...err("from")} />
          </div>
          <div className="field">
            <label htmlFor="c-to">To (UTC)</label>
            <input id="c-to" name="to" type="date" defaultValue={filters.to ?? ""} {...err("to")} />
          </div>
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className="button-primary">
            Apply
          </button>
          <a href="/callbacks" className="button">
            Clear
          </a>
        </div>
      </form>
    </search>
  );
}
