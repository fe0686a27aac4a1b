import { getMessages, type Locale } from "@/lib/i18n";
import { type Merchant, PayHeader } from "./pay-header";
import styles from "./pay-page.module.css";

/** The pay page's answer to a link that leads nowhere: what happened and what to do next. */
export function NotFoundScreen({ locale, merchant }: { locale: Locale; merchant: Merchant }) {
  const m = getMessages(locale);
  return (
    <div className={styles.shell}>
      <PayHeader m={m} locale={locale} merchant={merchant} />
      <main className={styles.main}>
        <section
          className={`${styles.card} ${styles.screen}`}
          data-screen="not-found"
          aria-labelledby="not-found-title"
        >
          <div className={styles.screenSign} data-tone="expired" aria-hidden="true">
            ?
          </div>
          <h2 id="not-found-title">{m.notFoundTitle}</h2>
          <p>{m.notFoundBody}</p>
        </section>
        <section className={styles.card} aria-labelledby="not-found-next">
          <h2 id="not-found-next" className={styles.methodTitle}>
            {m.notFoundNext}
          </h2>
          <ol className={styles.nextSteps}>
            <li>{m.notFoundCheckLink}</li>
            <li>{m.notFoundAskMerchant}</li>
            <li>{m.notFoundPaid}</li>
          </ol>
        </section>
      </main>
    </div>
  );
}
