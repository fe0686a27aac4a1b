import type { ReactNode } from "react";
import type { InsightTable } from "@/lib/insights/tables";
import styles from "./insights.module.css";

/** One chart with its numbers as a table behind "Show table" and a CSV download of the same rows. */
export function ChartSection({
  table,
  csvHref,
  children,
}: {
  table: InsightTable;
  csvHref: string;
  children: ReactNode;
}) {
  const titleId = `insight-${table.id}`;
  return (
    <section aria-labelledby={titleId} className={`card ${styles.section}`}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {table.title}
      </h2>
      {children}
      <div className={styles.tools}>
        <details className={styles.details}>
          <summary>Show table</summary>
          <div className="table-wrap">
            <table>
              <caption>{table.title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c, i) => (
                    <th key={i} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.length === 0 ? (
                  <tr>
                    <td colSpan={table.columns.length}>No orders in this range.</td>
                  </tr>
                ) : (
                  table.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) =>
                        c === 0 ? (
                          <th key={c} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={c}>{cell}</td>
                        ),
                      )}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </details>
        <a href={csvHref} download className="button button-small">
          Download CSV<span className="visually-hidden">: {table.title}</span>
        </a>
      </div>
    </section>
  );
}
