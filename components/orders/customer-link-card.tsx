import { CopyButton } from "@/components/copy-button/copy-button";
import styles from "./order-page.module.css";

/** The customer's pay page link of an accepted pay-in: a real link (opens in a new tab) and a copy button. */
export function CustomerLinkCard({ href }: { href: string }) {
  return (
    <section className="card stack" aria-labelledby="customer-link-title">
      <h2 id="customer-link-title">Customer link</h2>
      <p className={`muted ${styles.note}`}>
        Send this to the customer: it shows what to pay, where, and until when.
      </p>
      <div className={styles.actions}>
        <a
          className={styles.customerLink}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="customer-link"
        >
          {href}
        </a>
        <CopyButton value={href} label="customer link" />
      </div>
    </section>
  );
}
