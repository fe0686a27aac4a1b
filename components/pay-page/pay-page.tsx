import { caseMessages } from "@/lib/cases/case-messages";
import type { PublicCase } from "@/lib/cases/public-case";
import { referenceKind } from "@/lib/cases/reference-kind";
import { getMessages, type Locale } from "@/lib/i18n";
import type { PayPageView } from "@/lib/pay-page/view-model";
import { AmountBlock } from "./amount-block";
import { type Merchant, PayHeader } from "./pay-header";
import { MethodDetails } from "./method-details";
import { PayLive } from "./pay-live";
import styles from "./pay-page.module.css";
import { StatusScreen } from "./status-screen";

/** How often the page reloads itself when JavaScript is off, while the customer may still pay. */
const NO_SCRIPT_REFRESH_SECONDS = 15;

export interface PayPageProps {
  token: string;
  locale: Locale;
  view: PayPageView;
  serverNowMs: number;
  bankLogoUrl?: string;
  /** Offer the bank-app chooser (a phone, an NSPK QR order). */
  offerBankApps: boolean;
  merchant: Merchant;
  /** The order's latest "I have paid" case, if any. */
  paidCase?: PublicCase | null;
}

/** The customer's pay page: what to pay, where, before when; then the outcome. */
export function PayPage({
  token,
  locale,
  view,
  serverNowMs,
  bankLogoUrl,
  offerBankApps,
  merchant,
  paidCase = null,
}: PayPageProps) {
  const m = getMessages(locale);
  const paidAmount = <p className={styles.screenAmount}>{view.amount.text}</p>;
  // Staff confirmed the money arrived (docs/guide.md, Payment cases): nothing is left to pay, so neither
  // the details nor the amount to transfer are sent.
  const confirmed = paidCase?.state === "found";
  return (
    <div className={styles.shell}>
      <PayHeader m={m} locale={locale} merchant={merchant} orderRef={view.orderRef} />
      <main className={styles.main}>
        <PayLive
          token={token}
          serverNowMs={serverNowMs}
          expiresAtMs={view.expiresAtMs}
          initialPhase={view.phase}
          deadlineText={view.deadlineText}
          labels={{ timeLeft: m.timeLeft, payBefore: m.payBefore, waiting: m.waiting }}
          screenTitles={{
            success: m.successTitle,
            failed: m.failedTitle,
            expired: m.expiredTitle,
            confirmed: m.caseFoundTitle,
          }}
          paidCase={{ kind: referenceKind(view.method), m: caseMessages(m), initial: paidCase }}
          screens={{
            success: (
              <StatusScreen tone="success" title={m.successTitle} body={m.successBody}>
                {paidAmount}
              </StatusScreen>
            ),
            failed: <StatusScreen tone="failed" title={m.failedTitle} body={m.failedBody} />,
            expired: <StatusScreen tone="expired" title={m.expiredTitle} body={m.expiredBody} />,
            confirmed: (
              <StatusScreen tone="success" title={m.caseFoundTitle} body={m.caseFoundBody}>
                {paidAmount}
              </StatusScreen>
            ),
          }}
        >
          {/* Once the order is final or the payment confirmed, its details are not even sent. */}
          {view.phase === "pay" && !confirmed ? (
            <>
              <AmountBlock view={view} m={m} />
              <MethodDetails
                view={view}
                m={m}
                bankLogoUrl={bankLogoUrl}
                appsPath={offerBankApps ? `/pay/${encodeURIComponent(token)}/apps` : null}
                funnelPath={`/api/pay/${encodeURIComponent(token)}/funnel`}
              />
              <p className={styles.safety}>{m.safety}</p>
              <noscript>
                {/* Without JavaScript nothing is pushed or polled: the page reloads itself instead. */}
                <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
                <p className={styles.noscript}>
                  {m.selectHint} <a href={`/pay/${encodeURIComponent(token)}`}>{m.refresh}</a>
                </p>
              </noscript>
            </>
          ) : null}
        </PayLive>
      </main>
    </div>
  );
}
