import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { JsonBlock } from "./json-block";
import styles from "./order-page.module.css";

/**
 * The create request as sent (card masked) and the service's answer to it, as JSON. The order page shows
 * it only for an order whose calls the request log does not hold (sent before the log existed): otherwise
 * each attempt's request and answer are under "Calls to the payment service", once.
 */
export function OrderRaw({ order }: { order: Pick<OrderRow, "request" | "response" | "lastError"> }) {
  const problem = order.lastError?.problem;
  const status = typeof order.lastError?.status === "number" ? order.lastError.status : null;
  const failure = typeof order.lastError?.message === "string" ? order.lastError.message : null;
  return (
    <div className="grid-2">
      <section className="card stack" aria-labelledby="request-title">
        <h2 id="request-title">Request as sent</h2>
        <JsonBlock value={order.request} label="Request (card numbers masked)" />
      </section>
      <section className="card stack" aria-labelledby="response-title">
        <h2 id="response-title">Answer to the create request</h2>
        <p className={`muted ${styles.note}`}>
          What the service answered when the order was sent, not its current state: the status at the top
          follows the callbacks.
        </p>
        {order.response ? (
          <JsonBlock value={order.response} label="Answer to the create request" />
        ) : problem ? (
          <JsonBlock value={problem} label={`Answer to the create request (HTTP ${status ?? "error"})`} />
        ) : (
          <p className={`muted ${styles.note}`}>{failure ? `No answer: ${failure}.` : "No answer yet."}</p>
        )}
      </section>
    </div>
  );
}
