import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CallbackTimeline } from "@/components/orders/callback-timeline";
import { CopyButton } from "@/components/orders/copy-button";
import { SubmissionHistory } from "@/components/orders/submission-history";
import { directionLabel, formatAmount, formatDateTime } from "@/components/orders/format";
import { JsonBlock } from "@/components/orders/json-block";
import { LiveStatusBadge, LiveStatuses } from "@/components/orders/live-statuses";
import styles from "@/components/orders/orders.module.css";
import { PaymentDetails } from "@/components/orders/payment-details";
import { RetrySubmitButton } from "@/components/orders/retry-submit-button";
import { SandboxControls } from "@/components/orders/sandbox-controls";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { IN_PROGRESS } from "@/lib/contract";
import { getDb } from "@/lib/db/client";
import { listCallbackDeliveriesForOrder } from "@/lib/db/queries/callback-deliveries";
import { listAudit } from "@/lib/db/queries/audit";
import { getOrderById } from "@/lib/db/queries/orders";
import { env } from "@/lib/env";
import { isUuid } from "@/lib/orders/list-filters";
import { SUBMIT_FAILED, SUBMITTING } from "@/lib/orders/local-status";

export const metadata: Metadata = { title: "Order" };

/** /orders/[id] — one order: live status, amounts, what was sent and answered, customer link, callbacks. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  const order = await getOrderById(db, id.toLowerCase());
  if (!order) notFound();
  // An order left in "Submitting" by a process that died mid-call: its lease has run out. The automatic
  // resume resends it shortly (lib/orders/resume.ts); a human may retry it at once.
  const leaseEnd = order.submitLeaseUntil ?? new Date(order.updatedAt.getTime() + 120_000);
  const submitInterrupted = order.status === SUBMITTING && leaseEnd.getTime() < Date.now();
  const deliveries = await listCallbackDeliveriesForOrder(db, order.id);
  const submissions = (await listAudit(db, { target: order.id })).filter((e) =>
    e.action.startsWith("order."),
  );

  const canWrite = ORDER_WRITE_ROLES.includes(user.role);
  const payAmount = order.finalAmount ?? order.amount;
  const centsAdded = order.finalAmount !== null && order.finalAmount !== order.amount;
  const customerLink =
    order.direction === "payin" && order.payToken ? `${env.PUBLIC_BASE_URL}/pay/${order.payToken}` : null;
  const showSandbox =
    env.usesSandbox && canWrite && order.status === IN_PROGRESS && order.providerOrderId !== null;

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

        {(order.status === SUBMIT_FAILED || submitInterrupted) && (
          <section
            className="alert alert-error stack"
            aria-labelledby="submit-failed-title"
            style={{ gap: "0.5rem" }}
          >
            <h2 id="submit-failed-title" style={{ margin: 0 }}>
              Not accepted by the payment service yet
            </h2>
            <p style={{ margin: 0 }}>
              {submitInterrupted
                ? "Sending this order was interrupted (the server stopped before the payment service answered). It is resent automatically in a moment; you can also retry it now. Either way it goes with the same paymentId, so it cannot be created twice."
                : describeLastError(order.lastError)}
            </p>
            {canWrite && <RetrySubmitButton order={order} />}
          </section>
        )}

        {showSandbox && <SandboxControls orderId={order.id} canExpire={order.direction === "payin"} />}

        <div className="grid-2">
          <section className="card stack" aria-labelledby="summary-title">
            <h2 id="summary-title">Summary</h2>
            <dl className="details">
              <dt>Status</dt>
              <dd>
                <LiveStatusBadge id={order.id} status={order.status} />
              </dd>
              <dt>Amount</dt>
              <dd>
                <strong data-testid="order-amount">
                  {formatAmount(payAmount)} {order.currency ?? ""}
                </strong>
                {centsAdded && (
                  <div className={styles.amountNote}>
                    Requested {formatAmount(order.amount)}; random cents were added — the customer pays
                    exactly this.
                  </div>
                )}
              </dd>
              <dt>Currency</dt>
              <dd>{order.currency ?? "—"}</dd>
              <dt>Method</dt>
              <dd>{order.paymentMethod}</dd>
              <dt>Direction</dt>
              <dd>{directionLabel(order.direction)}</dd>
              <dt>Country</dt>
              <dd>{order.country}</dd>
              <dt>Client email</dt>
              <dd>{order.clientEmail}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(order.createdAt)}</dd>
              {order.direction === "payin" && (
                <>
                  <dt>Expires at</dt>
                  <dd>{formatDateTime(order.expiresAt)}</dd>
                </>
              )}
              <dt>Order id</dt>
              <dd className="mono">{order.id}</dd>
              <dt>Service id</dt>
              <dd className="mono">{order.providerOrderId ?? "— (not accepted yet)"}</dd>
            </dl>
          </section>

          <div className="stack">
            {customerLink && (
              <section className="card stack" aria-labelledby="customer-link-title">
                <h2 id="customer-link-title">Customer link</h2>
                <p className="muted" style={{ margin: 0 }}>
                  Send this to the customer: it shows what to pay, where, and until when.
                </p>
                <div className={styles.linkRow}>
                  <code data-testid="customer-link">{customerLink}</code>
                  <CopyButton value={customerLink} label="Copy customer link" />
                </div>
              </section>
            )}
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
          <SubmissionHistory entries={submissions} />
        </section>

        <section className="card stack" aria-labelledby="callbacks-title">
          <h2 id="callbacks-title">Callbacks</h2>
          <CallbackTimeline deliveries={deliveries} />
        </section>

        <div className="grid-2">
          <section className="card stack" aria-labelledby="request-title">
            <h2 id="request-title">Request as sent</h2>
            <JsonBlock value={order.request} label="Request (card numbers masked)" />
          </section>
          <section className="card stack" aria-labelledby="response-title">
            <h2 id="response-title">Response</h2>
            {order.response ? (
              <JsonBlock value={order.response} label="Response" />
            ) : (
              <p className="muted" style={{ margin: 0 }}>
                No response from the service yet.
              </p>
            )}
            {order.lastError && (
              <>
                <h3>Last error</h3>
                <JsonBlock value={order.lastError} label="Last error" />
              </>
            )}
          </section>
        </div>
      </div>
    </LiveStatuses>
  );
}

function describeLastError(lastError: Record<string, unknown> | null): string {
  const message = lastError?.message;
  return typeof message === "string" && message
    ? `Last attempt: ${message}`
    : "The last attempt to submit this order failed.";
}
