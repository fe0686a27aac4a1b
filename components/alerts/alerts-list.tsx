import Link from "next/link";
import { LocalTime } from "@/components/time/local-time";
import { ALERT_RULES, isAlertRuleId } from "@/lib/alerts/rules";
import type { AlertListItem } from "@/lib/database/dashboard/queries/alerts";
import { AlertButtons } from "./alert-buttons";
import { AlertStateBadge } from "./alert-state";
import shared from "@/components/approvals/approvals.module.css";
import cases from "@/components/cases/cases.module.css";
import styles from "./alerts.module.css";

export type AlertFilter = "unresolved" | "resolved" | "all";

const FILTERS: { value: AlertFilter; label: string }[] = [
  { value: "unresolved", label: "Open and acknowledged" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All" },
];

const DELIVERY_TEXT: Record<string, string> = { sent: "sent", pending: "waiting", failed: "given up" };

/** /alerts: what the rules raised, newest first: state, who acknowledged and resolved it, its orders. */
export function AlertsList({
  alerts,
  filter,
  canAct,
}: {
  alerts: AlertListItem[];
  filter: AlertFilter;
  canAct: boolean;
}) {
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Alerts</h1>
          <p>
            Raised by the rules in Settings → Alerts, and resolved by themselves when the condition clears.
            Acknowledge one to say someone is on it.
          </p>
        </div>
      </header>
      <nav aria-label="Filter alerts" className={cases.filters}>
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            className="button button-small"
            href={f.value === "unresolved" ? "/alerts" : `/alerts?state=${f.value}`}
            aria-current={f.value === filter ? "page" : undefined}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {alerts.length === 0 ? (
        <p className="card">{filter === "unresolved" ? "No open alerts: all is well." : "No alerts."}</p>
      ) : (
        <ul className={styles.list} aria-label="Alerts">
          {alerts.map((a) => (
            <li key={a.id}>
              <AlertCard alert={a} canAct={canAct} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertCard({ alert: a, canAct }: { alert: AlertListItem; canAct: boolean }) {
  const titleId = `alert-${a.id}`;
  return (
    <article className="card stack" aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId}>{a.title}</h2>
        <AlertStateBadge state={a.state} />
      </div>
      <p className={styles.flush}>{a.detail}</p>
      <dl className={shared.facts}>
        <dt>Rule</dt>
        <dd>{isAlertRuleId(a.rule) ? ALERT_RULES[a.rule].label : a.rule}</dd>
        <dt>Raised</dt>
        <dd>
          <LocalTime value={a.raisedAt} />
        </dd>
        {a.acknowledgedAt ? (
          <>
            <dt>Acknowledged</dt>
            <dd>
              by {a.acknowledgedByEmail ?? "a removed user"}, <LocalTime value={a.acknowledgedAt} />
            </dd>
          </>
        ) : null}
        {a.resolvedAt ? (
          <>
            <dt>Resolved</dt>
            <dd>
              {a.resolvedByEmail ? `by ${a.resolvedByEmail}` : "by itself: the condition cleared"},{" "}
              <LocalTime value={a.resolvedAt} />
            </dd>
          </>
        ) : null}
        {a.orderIds.length > 0 ? (
          <>
            <dt>Orders</dt>
            <dd>
              <ul className={styles.orders}>
                {a.orderIds.map((id) => (
                  <li key={id}>
                    <Link href={`/orders/${id}`} title={id}>
                      {id.slice(0, 8)}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {a.deliveries.length > 0 ? (
          <>
            <dt>Messages</dt>
            <dd>
              {a.deliveries
                .map(
                  (d) =>
                    `${d.channel} (${d.event}): ${DELIVERY_TEXT[d.state] ?? d.state}${d.state !== "sent" && d.lastError ? ` — ${d.lastError}` : ""}`,
                )
                .join("; ")}
            </dd>
          </>
        ) : null}
      </dl>
      {canAct && a.state !== "resolved" ? (
        <AlertButtons alertId={a.id} state={a.state} title={a.title} />
      ) : null}
    </article>
  );
}
