import Link from "next/link";
import type { InsightsSummary } from "@/lib/insights/summarize";
import { changeText } from "@/lib/insights/summarize";
import styles from "./overview.module.css";

const rate = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)} %`);

/** The last 24 h against the 24 h before (from the Insights rollup), with the way to Insights. */
export function InsightsHeadline({ summary }: { summary: InsightsSummary }) {
  return (
    <section aria-labelledby="headline-title" className={styles.section}>
      <h2 id="headline-title">Last 24 hours</h2>
      <ul className={styles.counts} aria-labelledby="headline-title">
        <li className={`${styles.countCard} ${styles.headline}`}>
          <span className={styles.countLabel}>Orders</span>
          <span className={styles.countValue}>{summary.count}</span>
          <span className="muted">{changeText(summary.count, summary.previousCount)} vs the 24 h before</span>
        </li>
        {summary.volumes.map((v) => (
          <li key={v.currency} className={`${styles.countCard} ${styles.headline}`}>
            <span className={styles.countLabel}>Volume {v.currency}</span>
            <span className={styles.countValue}>{v.volume}</span>
            <span className="muted">
              {changeText(Number(v.volume), Number(v.previous))} vs the 24 h before
            </span>
          </li>
        ))}
        <li className={`${styles.countCard} ${styles.headline}`}>
          <span className={styles.countLabel}>Success rate</span>
          <span className={styles.countValue}>{rate(summary.successRate)}</span>
          <span className="muted">the 24 h before: {rate(summary.previousSuccessRate)}</span>
        </li>
      </ul>
      <p>
        <Link href="/insights">See all insights</Link>
      </p>
    </section>
  );
}
