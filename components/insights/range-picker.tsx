import type { RangeFieldError } from "@/lib/insights/range";
import styles from "./insights.module.css";

export interface RangeValues {
  range: string;
  from: string;
  to: string;
  by: string;
  tz: string;
}

/** The range as a plain GET form: the URL holds it (shareable, back button), the server validates it. */
export function RangePicker({
  values,
  errors,
  tz,
}: {
  values: RangeValues;
  errors: RangeFieldError[];
  tz: string;
}) {
  const errorOf = (field: RangeFieldError["field"]) => errors.find((e) => e.field === field)?.message;
  const field = (name: "range" | "from" | "to" | "by") => {
    const message = errorOf(name);
    return {
      name,
      id: `insights-${name}`,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `insights-${name}-error` : undefined,
    } as const;
  };
  const error = (name: RangeFieldError["field"]) => {
    const message = errorOf(name);
    return message ? (
      <p id={`insights-${name}-error`} className="error">
        {message}
      </p>
    ) : null;
  };
  return (
    <form method="get" action="/insights" className={styles.picker} aria-label="Choose a range">
      <div className="field">
        <label className="label" htmlFor="insights-range">
          Range
        </label>
        <select {...field("range")} defaultValue={values.range}>
          <option value="24h">Last 24 hours</option>
          <option value="7d">Last 7 days</option>
          <option value="30d">Last 30 days</option>
          <option value="custom">Custom (from–to)</option>
        </select>
        {error("range")}
      </div>
      <div className="field">
        <label className="label" htmlFor="insights-from">
          From
        </label>
        <input type="date" {...field("from")} defaultValue={values.from} />
        {error("from")}
      </div>
      <div className="field">
        <label className="label" htmlFor="insights-to">
          To
        </label>
        <input type="date" {...field("to")} defaultValue={values.to} />
        {error("to")}
      </div>
      <div className="field">
        <label className="label" htmlFor="insights-by">
          Group by
        </label>
        <select {...field("by")} defaultValue={values.by}>
          <option value="">Automatic</option>
          <option value="hour">Hour</option>
          <option value="day">Day</option>
          <option value="week">Week</option>
        </select>
        {error("by")}
      </div>
      <input type="hidden" name="tz" value={tz} />
      {error("tz")}
      <button type="submit" className="button button-primary">
        Apply
      </button>
      <p className={`muted ${styles.pickerHint}`}>
        From and To are days in your time zone ({tz}), both included; used with Custom.
      </p>
    </form>
  );
}
