import type { Messages } from "@/lib/i18n";
import type { PayPageView } from "@/lib/pay-page/view-model";
import { BankAppChooser } from "./bank-app-chooser";
import { BANK_APP_LIST_ID } from "./bank-app-list";
import { BankLogo } from "./bank-logo";
import { DetailList } from "./detail-list";
import styles from "./pay-page.module.css";
import { QrCode } from "./qr-code";

interface MethodDetailsProps {
  view: PayPageView;
  m: Messages;
  bankLogoUrl?: string;
  /** The order's bank-apps page, when bank-app links are offered (phones, NSPK QR orders); else null. */
  appsPath: string | null;
  /** Where the chooser's funnel events go (/api/pay/<token>/funnel). */
  funnelPath: string;
}

const TITLES = { card: "cardTitle", phone: "phoneTitle", nspkQr: "qrTitle", pixQr: "pixTitle" } as const;
const STEPS = { card: "cardSteps", phone: "phoneSteps", nspkQr: "qrScan", pixQr: "pixSteps" } as const;

/** How to pay: the bank, the steps, the QR (server SVG) and every value with its copy button. */
export function MethodDetails({ view, m, bankLogoUrl, appsPath, funnelPath }: MethodDetailsProps) {
  const d = view.details;
  const hasQr = d.kind === "nspkQr" || d.kind === "pixQr";
  return (
    <section className={styles.card} aria-labelledby="method-title" data-method={view.method}>
      <div className={styles.bankRow}>
        <BankLogo name={view.bankName} size="large" {...(bankLogoUrl ? { logoUrl: bankLogoUrl } : {})} />
        <div>
          <h2 id="method-title" className={styles.methodTitle}>
            {m[TITLES[d.kind]]}
          </h2>
          <p className={styles.bankName} data-testid="bank-name">
            {view.bankName}
          </p>
        </div>
      </div>
      {appsPath ? (
        <BankAppChooser
          appsPath={appsPath}
          funnelPath={funnelPath}
          listId={BANK_APP_LIST_ID}
          title={m.chooserTitle}
          hint={m.chooserHint}
          searchLabel={m.chooserSearch}
          searchSubmit={m.chooserFind}
          emptyText={m.chooserEmpty}
          allAppsText={m.chooserAll}
        />
      ) : null}
      <p className={styles.steps}>{appsPath ? m.qrScanOther : m[STEPS[d.kind]]}</p>
      {hasQr ? <QrCode value={d.qrValue} label={m.qrAlt} /> : null}
      <DetailList fields={d.fields} m={m} />
    </section>
  );
}
