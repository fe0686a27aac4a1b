"use client";

import Link from "next/link";
import { StatusBadge } from "@/components/orders/status-badge";
import { groupStatusCounts, type StatusCount } from "@/lib/overview/snapshot";
import { useOverviewSnapshot } from "./live-overview";
import styles from "./overview.module.css";

const ordersWith = (status: string) => `/orders?status=${encodeURIComponent(status)}`;

function CountCard({ status, count }: StatusCount) {
  return (
    <li>
      <Link href={ordersWith(status)} className={styles.countCard}>
        <StatusBadge status={status} />
        <span className={styles.countValue}>{count}</span>
      </Link>
    </li>
  );
}

/**
 * Orders by status, live: the service's statuses with the total it accepted, and apart from them the
 * dashboard's own states of orders the service has not accepted (issue 11). Each count opens its list.
 */
export function StatusCounts() {
  const groups = groupStatusCounts(useOverviewSnapshot().counts);
  return (
    <section aria-labelledby="counts-title" className={styles.section}>
      <h2 id="counts-title">Orders by status</h2>
      <div className={styles.group}>
        <h3 id="counts-service">At the payment service</h3>
        <ul aria-labelledby="counts-service" className={styles.counts}>
          <li>
            <Link href="/orders" className={`${styles.countCard} ${styles.total}`}>
              <span className={styles.countLabel}>All orders</span>
              <span className={styles.countValue}>{groups.accepted}</span>
            </Link>
          </li>
          {groups.service.map((c) => (
            <CountCard key={c.status} {...c} />
          ))}
        </ul>
      </div>
      <div className={`${styles.group} ${styles.local}`}>
        <h3 id="counts-local">Not accepted by the service</h3>
        <p className="muted">The dashboard&apos;s own states: not counted in All orders.</p>
        <ul aria-labelledby="counts-local" className={styles.counts}>
          {groups.local.map((c) => (
            <CountCard key={c.status} {...c} />
          ))}
        </ul>
      </div>
    </section>
  );
}
