/** A list page's refused filters, each named (the filter form's fields point here with aria-describedby). */
export function FilterErrors({ errors }: { errors: readonly { field: string; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <div id="filter-errors" role="alert" className="alert alert-error">
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
