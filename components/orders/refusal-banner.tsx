import Link from "next/link";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { fieldLabel } from "@/lib/orders/field-labels";
import { refusalReasons } from "@/lib/orders/refusal";
import styles from "./order-page.module.css";

/** Where "Fix and resend" opens the create form, prefilled from the refused order (by id, on the server). */
export function resendHref(order: Pick<OrderRow, "id" | "direction">): string {
  return `/${order.direction === "payin" ? "payins" : "payouts"}/new?resend=${order.id}`;
}

/**
 * A refused order: final, with the service's reasons under the form's field labels, and "Fix and resend"
 * (a new order with a new paymentId). No retry: the same request would be refused the same way.
 */
export function RefusalBanner({ order, canWrite }: { order: OrderRow; canWrite: boolean }) {
  const { summary, fields } = refusalReasons(order.lastError, fieldLabel);
  const status = typeof order.lastError?.status === "number" ? order.lastError.status : null;
  return (
    <section className={`alert alert-error stack ${styles.banner}`} aria-labelledby="refused-title">
      <h2 id="refused-title">Refused by the payment service</h2>
      <p>
        This is final: the service {status ? `answered ${status} and ` : ""}created nothing, and sending the
        same order again would get the same answer. The service said: {sentence(summary)}
      </p>
      {fields.length > 0 && (
        <ul className={styles.reasons} aria-label="What the service refused">
          {fields.map((f) => (
            <li key={`${f.path}:${f.message}`}>
              <span className={styles.fieldName}>{f.label}</span>: {f.message}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div className={styles.actions}>
          <Link className="button button-primary" href={resendHref(order)}>
            Fix and resend
          </Link>
          <span className="muted">Opens the form with this order's details and a new paymentId.</span>
        </div>
      )}
    </section>
  );
}

/** The service's words as a sentence of ours: ending in a full stop. */
function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
