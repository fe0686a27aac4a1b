import type { ReactNode } from "react";
import { getMessages, type Locale } from "@/lib/i18n";
import type { PayPageView } from "@/lib/pay-page/view-model";
import { BankAppSearch } from "./bank-app-search";
import { BANK_APP_LIST_ID } from "./bank-app-list";
import { type Merchant, PayHeader } from "./pay-header";
import styles from "./pay-page.module.css";

interface BankAppsScreenProps {
  locale: Locale;
  view: PayPageView;
  merchant: Merchant;
  payPath: string;
  /** This page's own path: the search form's target. */
  appsPath: string;
  /** The search the list is filtered by (`?q=`), and whether no bank matches it. */
  query: string;
  noMatch: boolean;
  /** The list itself (BankAppList). */
  children: ReactNode;
}

/** The order's bank-apps page: the pay page's header, the amount, the way back, the searchable list. */
export function BankAppsScreen({
  locale,
  view,
  merchant,
  payPath,
  appsPath,
  query,
  noMatch,
  children,
}: BankAppsScreenProps) {
  const m = getMessages(locale);
  return (
    <div className={styles.shell}>
      <PayHeader m={m} locale={locale} merchant={merchant} orderRef={view.orderRef} />
      <main className={styles.main}>
        <section className={`${styles.card} ${styles.appsPage}`} aria-labelledby="apps-title">
          <h1 id="apps-title" className={styles.methodTitle}>
            {m.chooserTitle}
          </h1>
          <p className={styles.screenAmount}>{view.amount.text}</p>
          <p className={styles.hint}>
            <a href={payPath}>{m.chooserBack}</a>
          </p>
          <p className={styles.hint}>{m.chooserHint}</p>
          <BankAppSearch
            label={m.chooserSearch}
            submitLabel={m.chooserFind}
            emptyText={m.chooserEmpty}
            listId={BANK_APP_LIST_ID}
            action={appsPath}
            query={query}
            initiallyEmpty={noMatch}
          />
          {children}
        </section>
      </main>
    </div>
  );
}
