import type { Messages } from "@/lib/i18n";
import type { PayPageView } from "@/lib/pay-page/view-model";
import { CopyButton } from "@/components/copy-button/copy-button";
import { payCopyProps } from "./copy-props";
import styles from "./pay-page.module.css";

/** The exact amount to send, cents emphasised, with its currency and a copy button. */
export function AmountBlock({ view, m }: { view: PayPageView; m: Messages }) {
  const { amount } = view;
  return (
    <section className={`${styles.card} ${styles.amountCard}`} aria-labelledby="amount-label">
      <h2 id="amount-label" className={styles.amountLabel}>
        {m.amountLabel}
      </h2>
      <div className={styles.amountRow}>
        <p className={styles.amount} data-testid="amount">
          {amount.main}
          <span className={styles.cents}>{amount.cents}</span>
          {amount.suffix}
        </p>
        <CopyButton value={view.amountCopy} label={m.amountLabel} {...payCopyProps(m)} copyId="amount" />
      </div>
      <p className={styles.exact}>{view.randomCents ? m.exactAmountCents : m.exactAmount}</p>
      {view.currency ? (
        <p className={styles.currency}>
          {m.currency}: <strong>{view.currency}</strong>
          {view.currencyName && view.currencyName !== view.currency ? ` — ${view.currencyName}` : null}
        </p>
      ) : null}
      {view.payerBankConverts ? <p className={styles.converts}>{m.bankConvertsRoubles}</p> : null}
    </section>
  );
}
