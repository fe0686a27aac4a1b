import { buildBankAppLink } from "@/lib/pay-page/nspk-deep-link";
import type { BankApp } from "@/lib/pay-page/reference-banks";
import { BankAppSearch } from "./bank-app-search";
import { logoInitial } from "./bank-logo";
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

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The ~190 links as one HTML string. Rendered as React elements they cost the QR page on a phone about a
 * thousand DOM nodes that React hydrates at load (and carries twice: in the HTML and in its payload) —
 * what made it the slowest pay page (Lighthouse: ~270 KB of document, long react-dom tasks). As markup
 * they are the same links (without JavaScript too), and hydration skips them. Every value is escaped.
 */
export function bankAppListHtml(nspkUrl: string, apps: BankApp[]): string {
  return apps
    .map(
      (a) =>
        `<li data-search="${escapeHtml(a.searchText)}">` +
        `<a href="${escapeHtml(buildBankAppLink(nspkUrl, a.scheme))}" class="${styles.app}" rel="noreferrer">` +
        `<span class="${styles.logo}" data-size="small" aria-hidden="true">${escapeHtml(logoInitial(a.name))}` +
        `<span class="${styles.logoImage}" style="--logo:url(&quot;${escapeHtml(encodeURI(a.logoUrl))}&quot;)"></span>` +
        `</span><span>${escapeHtml(a.name)}</span></a></li>`,
    )
    .join("");
}

/**
 * "Pay in my bank app": the bank apps in NSPK's order (largest first), as plain links rendered on the
 * server, so they work without JavaScript. The search is a small client island that hides the links that
 * do not match. The logos load only once it is opened (see .logoImage in the CSS).
 */
export function BankAppChooser({ nspkUrl, apps, title, hint, searchLabel, emptyText }: BankAppChooserProps) {
  return (
    <details className={styles.chooser} data-testid="bank-app-chooser">
      <summary className={styles.chooserSummary}>{title}</summary>
      <p className={styles.hint}>{hint}</p>
      <BankAppSearch label={searchLabel} emptyText={emptyText} listId="bank-apps" />
      <ul
        className={styles.apps}
        id="bank-apps"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: static bank list, every value escaped above
        dangerouslySetInnerHTML={{ __html: bankAppListHtml(nspkUrl, apps) }}
      />
    </details>
  );
}
