/** The id of the list of refused filters, which the refused fields name in aria-describedby. */
export const FILTER_ERRORS_ID = "filter-errors";

/** A list page's refused filters, each named (the filter form's fields point here with aria-describedby). */
export function FilterErrors({ errors }: { errors: readonly { field: string; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <div id={FILTER_ERRORS_ID} role="alert" className="alert alert-error">
      <strong>Some filters were not applied:</strong>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <strong>{e.field}</strong>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
