import {
  DayRangeFilter,
  FilterActions,
  FilterForm,
  filterFieldsFor,
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
  const field = filterFieldsFor("c", errors);
  return (
    <FilterForm label="Filter callbacks" action="/callbacks" values={filters}>
      <div className={styles.filterGrid}>
        <SelectFilter {...field("outcome")} label="Outcome" value={filters.outcome ?? ""}>
          {CALLBACK_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_FILTER_TEXT[o]}
            </option>
          ))}
        </SelectFilter>
        <MethodFilter {...field("method")} label="Order's method" value={filters.method ?? ""} />
        <DayRangeFilter from={filters.from ?? ""} to={filters.to ?? ""} field={field} />
      </div>
      <FilterActions clearHref="/callbacks" />
    </FilterForm>
  );
}
