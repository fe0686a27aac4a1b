import { matchesBankQuery } from "@/lib/pay-page/bank-search";
import { buildBankAppLink } from "@/lib/pay-page/nspk-deep-link";
import type { BankApp } from "@/lib/pay-page/reference-banks";
import { logoInitial } from "./bank-logo";
import styles from "./pay-page.module.css";

/** The list's element id: the chooser loads it into its own list, the search filters it. */
export const BANK_APP_LIST_ID = "bank-apps";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The ~190 links as one HTML string. Rendered as React elements they cost about a thousand DOM nodes that
 * React hydrates at load (and carries twice: in the HTML and in its payload); as markup they are the same
 * links (without JavaScript too), and hydration skips them. Every value is escaped. Apps that do not match
 * `query` (the bank-apps page's `?q=`) are there but hidden, so the search can show them again.
 */
export function bankAppListHtml(nspkUrl: string, apps: BankApp[], query = ""): string {
  return apps
    .map(
      (a) =>
        `<li data-search="${escapeHtml(a.searchText)}"${matchesBankQuery(a.searchText, query) ? "" : " hidden"}>` +
        `<a href="${escapeHtml(buildBankAppLink(nspkUrl, a.scheme))}" class="${styles.app}" rel="noreferrer">` +
        `<span class="${styles.logo}" data-size="small" aria-hidden="true">${escapeHtml(logoInitial(a.name))}` +
        `<span class="${styles.logoImage}" style="--logo:url(&quot;${escapeHtml(encodeURI(a.logoUrl))}&quot;)"></span>` +
        `</span><span>${escapeHtml(a.name)}</span></a></li>`,
    )
    .join("");
}

/** Every bank app's link for one order, as server markup (the bank-apps page). */
export function BankAppList({ nspkUrl, apps, query }: { nspkUrl: string; apps: BankApp[]; query: string }) {
  return (
    <ul
      className={styles.apps}
      id={BANK_APP_LIST_ID}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: static bank list, every value escaped above
      dangerouslySetInnerHTML={{ __html: bankAppListHtml(nspkUrl, apps, query) }}
    />
  );
}
