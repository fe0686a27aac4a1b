import Link from "next/link";
import styles from "@/components/orders/order-page.module.css";
import type { ResendSource } from "@/lib/orders/resend-source";

/** Above a create form opened by "Fix and resend": which refused order it corrects, and why it was refused. */
export function ResendNotice({ source }: { source: ResendSource }) {
  if (!source.ok) {
    return (
      <p className="alert alert-error" role="alert">
        {source.message}
      </p>
    );
  }
  const { order, reasons, cardMask } = source;
  return (
    <section className={`alert alert-info stack ${styles.resendNotice}`} aria-labelledby="resend-title">
      <h2 id="resend-title" className="h3">
        Fix and resend refused order{" "}
        <Link href={`/orders/${order.id}`} title={order.paymentId}>
          <code>{order.paymentId.slice(0, 8)}</code>
        </Link>
      </h2>
      <p>
        The form holds that order's details. The service said:{" "}
        {reasons.fields.length > 0
          ? reasons.fields.map((f) => `${f.label}: ${f.message}`).join("; ")
          : reasons.summary}
      </p>
      {cardMask && (
        <p>
          Type the card number again: only <code>{cardMask}</code> was stored, never the full number.
        </p>
      )}
      <p>It is sent as a new order with a new paymentId, linked to the refused one.</p>
    </section>
  );
}
