import {
  DayRangeFilter,
  FilterActions,
  FilterForm,
  invalidPropsFor,
  MethodFilter,
  SelectFilter,
} from "@/components/forms/filter-fields";
import styles from "@/components/orders/orders.module.css";
import type { CallbackFilterError, CallbackListFilters } from "@/lib/callbacks/list-filters";
import { CALLBACK_OUTCOMES, OUTCOME_FILTER_TEXT } from "@/lib/callbacks/outcomes";

/** The Callbacks page's filters (a plain GET form, see FilterForm). */
export function CallbackFilters({
  filters,
  errors,
}: {
  filters: CallbackListFilters;
  errors: CallbackFilterError[];
}) {
  const err = invalidPropsFor(errors);
  return (
    <FilterForm label="Filter callbacks" action="/callbacks" values={filters}>
      <div className={styles.filterGrid}>
        <SelectFilter
          id="c-outcome"
          name="outcome"
          label="Outcome"
          value={filters.outcome ?? ""}
          invalidProps={err("outcome")}
        >
          {CALLBACK_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_FILTER_TEXT[o]}
            </option>
          ))}
        </SelectFilter>
        <MethodFilter
          id="c-method"
          label="Order's method"
          value={filters.method ?? ""}
          invalidProps={err("method")}
        />
        <DayRangeFilter idPrefix="c" from={filters.from ?? ""} to={filters.to ?? ""} err={err} />
      </div>
      <FilterActions clearHref="/callbacks" />
    </FilterForm>
  );
}
