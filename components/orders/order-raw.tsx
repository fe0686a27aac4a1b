import type { Order } from "@/lib/database/dashboard/queries/orders";
import { JsonBlock } from "./json-block";
import styles from "./order-page.module.css";

/** What was sent (card masked) and what came back, as JSON, for support and QA. */
export function OrderRaw({ order }: { order: Pick<Order, "request" | "response" | "lastError"> }) {
  return (
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
          <p className={`muted ${styles.note}`}>No response from the service yet.</p>
        )}
        {order.lastError && (
          <>
            <h3>Last error</h3>
            <JsonBlock value={order.lastError} label="Last error" />
          </>
        )}
      </section>
    </div>
  );
}
