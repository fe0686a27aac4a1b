import Link from "next/link";
import type { ReactNode } from "react";
import { IN_PROGRESS } from "@/lib/contract";
import type { AuditRow } from "@/lib/database/dashboard/queries/audit";
import type { PaymentApiCall } from "@/lib/database/dashboard/queries/payment-api-calls";
import type { CallbackDelivery } from "@/lib/database/dashboard/queries/callback-deliveries";
import type { LinkedOrder, OrderRow } from "@/lib/database/dashboard/queries/orders";
import { REFUSED, SUBMIT_FAILED, SUBMITTING } from "@/lib/database/dashboard/local-status";
import { ApiCalls } from "./api-calls";
import { CallbackTimeline } from "./callback-timeline";
import { CustomerLinkCard } from "./customer-link-card";
import { directionLabel } from "./format";
import { LiveStatusBadge, LiveStatuses } from "./live-statuses";
import { OrderRaw } from "./order-raw";
import { OrderSummary } from "./order-summary";
import styles from "./orders.module.css";
import { PaymentDetails } from "./payment-details";
import { RecipientCard } from "./recipient-card";
import { RefusalBanner } from "./refusal-banner";
import { SandboxControls } from "./sandbox-controls";
import { SubmissionHistory } from "./submission-history";
import { SubmitFailedBanner } from "./submit-failed-banner";

export interface OrderDetailProps {
  order: OrderRow;
  deliveries: CallbackDelivery[];
  /** Every attempt of every call about this order (the request log). */
  apiCalls: PaymentApiCall[];
  /** Our X-Client-Id, for "Copy as cURL". */
  clientId: string;
  submissions: AuditRow[];
  resendOf: LinkedOrder | null;
  resentAs: LinkedOrder[];
  canWrite: boolean;
  /** The dashboard's public address (the customer link). */
  publicBaseUrl: string;
  /** The embedded sandbox serves the service: its test controls are offered. */
  usesSandbox: boolean;
  /** A held pay-out's approval card (components/approvals), when it was held. */
  approvalCard?: ReactNode;
  /** A pay-in's "I have paid" cases (components/cases), when the customer reported one. */
  caseCard?: ReactNode;
}

/** /orders/[id]: one order — live status, what it is, who it pays or how it is paid, and its history. */
export function OrderDetail(p: OrderDetailProps) {
  const { order } = p;
  // An order left in "Submitting" by a process that died mid-call: its lease has run out. The automatic
  // resume resends it shortly (lib/orders/resume.ts); a human may retry it at once.
  const leaseEnd = order.submitLeaseUntil ?? new Date(order.updatedAt.getTime() + 120_000);
  const interrupted = order.status === SUBMITTING && leaseEnd.getTime() < Date.now();
  // Only an order the service accepted has a pay page (the pay page itself shows nothing else either).
  const customerLink =
    order.direction === "payin" && order.payToken && order.providerOrderId && order.bankDetails
      ? `${p.publicBaseUrl}/pay/${order.payToken}`
      : null;
  const showSandbox =
    p.usesSandbox && p.canWrite && order.status === IN_PROGRESS && order.providerOrderId !== null;

  return (
    <LiveStatuses
      initial={{ [order.id]: { status: order.status, updatedAt: order.updatedAt.toISOString() } }}
      refreshOnChange
    >
      <div className="page stack">
        <nav aria-label="Breadcrumb">
          <Link href="/orders">← Orders</Link>
        </nav>
        <header className="page-header">
          <div>
            <div className={styles.headerTitle}>
              <h1>
                {directionLabel(order.direction)} · {order.paymentMethod}
              </h1>
              <LiveStatusBadge id={order.id} status={order.status} />
            </div>
            <p className={styles.idLine}>
              paymentId <code>{order.paymentId}</code>
            </p>
          </div>
        </header>

        {p.approvalCard}
        {p.caseCard}
        {order.status === REFUSED && <RefusalBanner order={order} canWrite={p.canWrite} />}
        {(order.status === SUBMIT_FAILED || interrupted) && (
          <SubmitFailedBanner order={order} interrupted={interrupted} canWrite={p.canWrite} />
        )}
        {showSandbox && <SandboxControls orderId={order.id} direction={order.direction} />}

        <div className="grid-2">
          <OrderSummary order={order} resendOf={p.resendOf} resentAs={p.resentAs} />
          <div className="stack">
            {order.direction === "payout" && <RecipientCard order={order} />}
            {customerLink && <CustomerLinkCard href={customerLink} />}
            {order.bankDetails && (
              <section className="card stack" aria-labelledby="payment-details-title">
                <h2 id="payment-details-title">Payment details</h2>
                <PaymentDetails details={order.bankDetails} />
              </section>
            )}
          </div>
        </div>

        <section className="card stack" aria-labelledby="submissions-title">
          <h2 id="submissions-title">Submissions</h2>
          <SubmissionHistory entries={p.submissions} />
        </section>

        <section className="card stack" aria-labelledby="callbacks-title">
          <h2 id="callbacks-title">Callbacks</h2>
          <CallbackTimeline deliveries={p.deliveries} />
        </section>

        <section className="card stack" aria-labelledby="api-calls-title">
          <h2 id="api-calls-title">Calls to the payment service</h2>
          <ApiCalls calls={p.apiCalls} clientId={p.clientId} />
        </section>

        {p.apiCalls.length === 0 && <OrderRaw order={order} />}
      </div>
    </LiveStatuses>
  );
}
