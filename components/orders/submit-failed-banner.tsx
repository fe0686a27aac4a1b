import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { RetrySubmitButton } from "./retry-submit-button";
import styles from "./order-page.module.css";

/**
 * An order the service has not accepted yet and may still accept: its submission failed for a transient
 * reason (timeout, 5xx, network, credentials), or its sending was interrupted. Retrying reuses its paymentId.
 */
export function SubmitFailedBanner({
  order,
  interrupted,
  canWrite,
}: {
  order: OrderRow;
  /** "Submitting" past its lease: the sending process died; the automatic resume resends it soon. */
  interrupted: boolean;
  canWrite: boolean;
}) {
  return (
    <section className={`alert alert-error stack ${styles.banner}`} aria-labelledby="submit-failed-title">
      <h2 id="submit-failed-title">Not accepted by the payment service yet</h2>
      <p>
        {interrupted
          ? "Sending this order was interrupted (the server stopped before the payment service answered). It is resent automatically in a moment; you can also retry it now. Either way it goes with the same paymentId, so it cannot be created twice."
          : describeLastError(order.lastError)}
      </p>
      {canWrite && <RetrySubmitButton order={order} />}
    </section>
  );
}

function describeLastError(lastError: Record<string, unknown> | null): string {
  const message = lastError?.message;
  return typeof message === "string" && message
    ? `Last attempt: ${message}`
    : "The last attempt to submit this order failed.";
}
