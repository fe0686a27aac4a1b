"use client";

import { useId, useState } from "react";
import { buildBankAppLink } from "@/lib/pay-page/nspk-deep-link";
import type { BankApp } from "@/lib/pay-page/reference-banks";
import { BankLogo } from "./bank-logo";
import styles from "./pay-page.module.css";

interface BankAppChooserProps {
  /** The order's NSPK link: each app's link is built from it here, so the page data carries it once. */
  nspkUrl: string;
  apps: BankApp[];
  title: string;
  hint: string;
  searchLabel: string;
  emptyText: string;
}

const normalize = (s: string) => s.trim().toLowerCase().replaceAll("ё", "е");

/**
 * "Pay in my bank app": the bank apps in NSPK's order (largest first), filtered as the customer types.
 * Rendered on the server, so the links work without JavaScript; inside <details>, so its logos load only
 * when it is opened.
 */
export function BankAppChooser({ nspkUrl, apps, title, hint, searchLabel, emptyText }: BankAppChooserProps) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const q = normalize(query);
  const shown = q === "" ? apps : apps.filter((a) => normalize(a.searchText).includes(q));
  return (
    <details className={styles.chooser} data-testid="bank-app-chooser">
      <summary className={styles.chooserSummary}>{title}</summary>
      <p className={styles.hint}>{hint}</p>
      <label className={styles.searchLabel} htmlFor={inputId}>
        {searchLabel}
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.search}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      <ul className={styles.apps}>
        {shown.map((a) => (
          <li key={a.scheme}>
            <a href={buildBankAppLink(nspkUrl, a.scheme)} className={styles.app} rel="noreferrer">
              <BankLogo name={a.name} logoUrl={a.logoUrl} size="small" />
              <span>{a.name}</span>
            </a>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p className={styles.hint}>{emptyText}</p> : null}
    </details>
  );
}
