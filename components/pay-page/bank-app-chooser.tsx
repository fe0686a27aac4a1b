import { buildBankAppLink } from "@/lib/pay-page/nspk-deep-link";
import type { BankApp } from "@/lib/pay-page/reference-banks";
import { BankAppSearch } from "./bank-app-search";
import { BankLogo } from "./bank-logo";
import styles from "./pay-page.module.css";

interface BankAppChooserProps {
  /** The order's NSPK link: each app's link is built from it. */
  nspkUrl: string;
  apps: BankApp[];
  title: string;
  hint: string;
  searchLabel: string;
  emptyText: string;
}

/**
 * "Pay in my bank app": the bank apps in NSPK's order (largest first). Rendered on the server as plain
 * links, so they work without JavaScript and the list never travels as props to a client component (it
 * used to: ~190 apps rendered again in the browser at load). The search is a small client island that
 * hides the links that do not match. Inside <details>, so the logos load only when it is opened.
 */
export function BankAppChooser({ nspkUrl, apps, title, hint, searchLabel, emptyText }: BankAppChooserProps) {
  return (
    <details className={styles.chooser} data-testid="bank-app-chooser">
      <summary className={styles.chooserSummary}>{title}</summary>
      <p className={styles.hint}>{hint}</p>
      <BankAppSearch label={searchLabel} emptyText={emptyText} listId="bank-apps" />
      <ul className={styles.apps} id="bank-apps">
        {apps.map((a) => (
          <li key={a.scheme} data-search={a.searchText}>
            <a href={buildBankAppLink(nspkUrl, a.scheme)} className={styles.app} rel="noreferrer">
              <BankLogo name={a.name} logoUrl={a.logoUrl} size="small" />
              <span>{a.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
