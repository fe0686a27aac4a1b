import styles from "./orders.module.css";

/** Pretty JSON for request/response/error bodies (already masked where it matters). */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className={styles.pre} data-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
