import Link from "next/link";
import type { LinkedOrder, OrderRow } from "@/lib/database/dashboard/queries/orders";
import { REFUSED } from "@/lib/database/dashboard/local-status";
import { LocalTime } from "@/components/time/local-time";
import { directionLabel, formatAmount } from "./format";
import { LiveStatusBadge } from "./live-statuses";
import styles from "./orders.module.css";
import pageStyles from "./order-page.module.css";

/** A linked order as its paymentId's first 8 characters (as the list shows it), opening that order. */
function OrderRef({ order }: { order: LinkedOrder }) {
  return (
    <Link href={`/orders/${order.id}`} title={order.paymentId}>
      <code>{order.paymentId.slice(0, 8)}</code>
    </Link>
  );
}

/** Migration 0016's label on an SBP/NSPK order that showed its country's currency before a fix. */
export function shownBeforeFix(shown: string, currency: string | null): string {
  const before =
    shown === "" ? "Shown to the customer without a currency" : `Shown to the customer as ${shown}`;
  return `${before} before a fix; the payment details charged ${currency ?? "—"}.`;
}

/** The order's key facts, and its "Fix and resend" links both ways. */
export function OrderSummary({
  order,
  resendOf,
  resentAs,
}: {
  order: OrderRow;
  /** The refused order this one corrects. */
  resendOf: LinkedOrder | null;
  /** The orders made by "Fix and resend" of this one. */
  resentAs: LinkedOrder[];
}) {
  const payAmount = order.finalAmount ?? order.amount;
  const centsAdded = order.finalAmount !== null && order.finalAmount !== order.amount;
  return (
    <section className="card stack" aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <dl className="details">
        <dt>Status</dt>
        <dd>
          <LiveStatusBadge id={order.id} status={order.status} />
        </dd>
        {resendOf && (
          <>
            <dt>Resend of</dt>
            <dd>
              <OrderRef order={resendOf} /> ({resendOf.status})
            </dd>
          </>
        )}
        {resentAs.length > 0 && (
          <>
            <dt>Resent as</dt>
            <dd>
              <ul className={pageStyles.linkedList}>
                {resentAs.map((r) => (
                  <li key={r.id}>
                    <OrderRef order={r} /> ({r.status})
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>Amount</dt>
        <dd>
          <strong data-testid="order-amount">
            {formatAmount(payAmount)} {order.currency ?? ""}
          </strong>
          {centsAdded && (
            <div className={styles.amountNote}>
              Requested {formatAmount(order.amount)}; random cents were added — the customer pays exactly
              this.
            </div>
          )}
        </dd>
        <dt>Currency</dt>
        <dd>
          {order.currency ?? "—"}
          {order.shownCurrency !== null && (
            <div className={styles.amountNote} data-testid="currency-before-fix">
              {shownBeforeFix(order.shownCurrency, order.currency)}
            </div>
          )}
        </dd>
        <dt>Method</dt>
        <dd>{order.paymentMethod}</dd>
        <dt>Direction</dt>
        <dd>{directionLabel(order.direction)}</dd>
        <dt>Country</dt>
        <dd>{order.country}</dd>
        <dt>Client email</dt>
        <dd>{order.clientEmail}</dd>
        <dt>Created</dt>
        <dd>
          <LocalTime value={order.createdAt} />
        </dd>
        {order.direction === "payin" && order.status !== REFUSED && (
          <>
            <dt>Expires at</dt>
            <dd>
              <LocalTime value={order.expiresAt} />
            </dd>
          </>
        )}
        <dt>Order id</dt>
        <dd className="mono">{order.id}</dd>
        <dt>Service id</dt>
        <dd className="mono" data-testid="service-id">
          {order.providerOrderId ?? (order.status === REFUSED ? "— (refused)" : "— (not accepted yet)")}
        </dd>
      </dl>
    </section>
  );
}
