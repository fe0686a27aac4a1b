"use client";

import { useRef, useState } from "react";
import { BankAppSearch } from "./bank-app-search";
import styles from "./pay-page.module.css";

interface BankAppChooserProps {
  /** The order's bank-apps page (/pay/<token>/apps): the list is loaded from it, and links to it. */
  appsPath: string;
  listId: string;
  title: string;
  hint: string;
  searchLabel: string;
  searchSubmit: string;
  emptyText: string;
  allAppsText: string;
}

/**
 * "Pay in my bank app" on a phone. The ~190 links (about 90 KB of markup, twice that in the page's payload)
 * made the QR pay page the heaviest one, and most customers never open the chooser: so they are loaded from
 * the order's bank-apps page when it is first opened. Until then, and without JavaScript, the list holds one
 * link to that page, which works on its own.
 */
export function BankAppChooser({
  appsPath,
  listId,
  title,
  hint,
  searchLabel,
  searchSubmit,
  emptyText,
  allAppsText,
}: BankAppChooserProps) {
  const [listHtml, setListHtml] = useState<string | null>(null);
  const loading = useRef(false);

  async function load() {
    if (loading.current || listHtml !== null) return;
    loading.current = true;
    try {
      const res = await fetch(appsPath, { credentials: "same-origin" });
      if (!res.ok) return;
      const page = new DOMParser().parseFromString(await res.text(), "text/html");
      const html = page.getElementById(listId)?.innerHTML;
      if (html) setListHtml(html);
    } catch {
      // The link to the bank-apps page stays: it works without this.
    } finally {
      loading.current = false;
    }
  }

  return (
    <details
      className={styles.chooser}
      data-testid="bank-app-chooser"
      onToggle={(e) => {
        if (e.currentTarget.open) void load();
      }}
    >
      <summary className={styles.chooserSummary}>{title}</summary>
      <p className={styles.hint}>{hint}</p>
      <BankAppSearch
        label={searchLabel}
        submitLabel={searchSubmit}
        emptyText={emptyText}
        listId={listId}
        action={appsPath}
        listVersion={listHtml}
      />
      {listHtml === null ? (
        <ul className={styles.apps} id={listId}>
          <li>
            <a href={appsPath} className={styles.app}>
              {allAppsText}
            </a>
          </li>
        </ul>
      ) : (
        <ul
          className={styles.apps}
          id={listId}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own bank-apps page's list, escaped where it was made
          dangerouslySetInnerHTML={{ __html: listHtml }}
        />
      )}
    </details>
  );
}
