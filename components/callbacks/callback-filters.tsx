import { CALLBACK_OUTCOMES, OUTCOME_FILTER_TEXT } from "@/lib/callbacks/outcomes";
import type { CallbackFilterError, CallbackListFilters } from "@/lib/callbacks/list-filters";
import { DayRangeFilter, invalidPropsFor, MethodFilter } from "@/components/forms/filter-fields";
import styles from "@/components/orders/orders.module.css";

/** The Callbacks page's filters as a plain GET form: in the URL, shareable, without JavaScript too. */
export function CallbackFilters({
  filters,
  errors,
}: {
  filters: CallbackListFilters;
  errors: CallbackFilterError[];
}) {
  const err = invalidPropsFor(errors);
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
          <MethodFilter
            id="c-method"
            label="Order's method"
            value={filters.method ?? ""}
            invalidProps={err("method")}
          />
          <DayRangeFilter idPrefix="c" from={filters.from ?? ""} to={filters.to ?? ""} err={err} />
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
