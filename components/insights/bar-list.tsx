import styles from "./insights.module.css";

/** A horizontal bar per row (plain HTML, no chart library): the accessible name says the numbers. */
export function BarList({
  label,
  rows,
  format,
  empty = "No orders in this range.",
}: {
  label: string;
  rows: { key: string; value: number }[];
  format?: (v: number) => string;
  /** What shows (and is said) when there are no rows. */
  empty?: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const show = format ?? String;
  const name = `${label}: ${rows.length === 0 ? empty.replace(/\.$/, "").toLowerCase() : rows.map((r) => `${r.key} ${show(r.value)}`).join(", ")}`;
  return (
    <figure className={styles.figure}>
      <div role="img" aria-label={name} className={styles.bars}>
        {rows.length === 0 ? <p className="muted">{empty}</p> : null}
        {rows.map((r) => (
          <div key={r.key} className={styles.bar} aria-hidden="true">
            <span className={styles.barKey}>{r.key}</span>
            <span className={styles.barTrack}>
              <span className={styles.barFill} style={{ width: `${(Math.max(0, r.value) / max) * 100}%` }} />
            </span>
            <span className={styles.barValue}>{show(r.value)}</span>
          </div>
        ))}
      </div>
    </figure>
  );
}
