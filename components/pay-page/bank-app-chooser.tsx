"use client";

import { useEffect, useRef, useState } from "react";
import { BankAppSearch } from "./bank-app-search";
import styles from "./pay-page.module.css";

/**
 * One funnel event (lib/pay-page/funnel.ts) for this order's page: fetch with keepalive, so a choice still
 * lands while the bank app opens, and without credentials, so no cookie goes with it. Best effort.
 */
function sendFunnelStep(funnelPath: string, step: "opened" | "chosen") {
  try {
    void fetch(funnelPath, {
      method: "POST",
      keepalive: true,
      credentials: "omit",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ step }),
    }).catch(() => {});
  } catch {
    // The chooser works the same without its counts.
  }
}

interface BankAppChooserProps {
  /** The order's bank-apps page (/pay/<token>/apps): the list is loaded from it, and links to it. */
  appsPath: string;
  /** Where its funnel events go (/api/pay/<token>/funnel). */
  funnelPath: string;
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
  funnelPath,
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
  const chooser = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    sendFunnelStep(funnelPath, "opened");
  }, [funnelPath]);
  // A bank app's link followed (by mouse, touch or Enter: each is a click) is the funnel's "app chosen",
  // once per page; the link to the bank-apps page is not one. The list is server markup, so one listener.
  useEffect(() => {
    const el = chooser.current;
    if (!el) return;
    let chosen = false;
    const onClick = (e: Event) => {
      const link = (e.target as Element | null)?.closest?.("a");
      if (chosen || !link || link.getAttribute("href") === appsPath || !link.closest(`#${listId}`)) return;
      chosen = true;
      sendFunnelStep(funnelPath, "chosen");
    };
    el.addEventListener("click", onClick);
    return () => el.removeEventListener("click", onClick);
  }, [funnelPath, appsPath, listId]);

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
      ref={chooser}
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
