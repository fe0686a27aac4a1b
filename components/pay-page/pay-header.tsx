import { fillMessage, type Locale, type Messages } from "@/lib/i18n";
import { LanguageSwitcher } from "./language-switcher";
import styles from "./pay-page.module.css";

export interface Merchant {
  /** MERCHANT_DISPLAY_NAME: whom the customer pays. */
  name?: string | undefined;
  /** MERCHANT_LOGO_URL. */
  logoUrl?: string | undefined;
}

/** Whom the customer pays (name and logo from configuration), the order's reference, the language links. */
export function PayHeader({
  m,
  locale,
  merchant,
  orderRef,
}: {
  m: Messages;
  locale: Locale;
  merchant: Merchant;
  orderRef?: string;
}) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        {merchant.logoUrl ? (
          // A merchant's own logo from anywhere: a plain <img>, no image optimizer in between. Decorative: the
          // name is the heading beside it.
          // biome-ignore lint/performance/noImgElement: an external logo of unknown size, shown at 40×40
          <img
            className={styles.merchantLogo}
            src={merchant.logoUrl}
            alt=""
            width={40}
            height={40}
            decoding="async"
          />
        ) : (
          <svg className={styles.lock} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
            />
          </svg>
        )}
        <div>
          <h1 className={styles.title}>
            {merchant.name ? fillMessage(m.payTo, { merchant: merchant.name }) : m.pageTitle}
          </h1>
          {orderRef ? (
            <p className={styles.orderRef} data-testid="order-ref">
              {fillMessage(m.orderRef, { ref: orderRef })}
            </p>
          ) : null}
        </div>
      </div>
      <LanguageSwitcher current={locale} label={m.language} />
    </header>
  );
}
