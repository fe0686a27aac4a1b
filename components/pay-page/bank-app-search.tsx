"use client";

import { useId, useState } from "react";
import styles from "./pay-page.module.css";

const normalizeBankQuery = (s: string) => s.trim().toLowerCase().replaceAll("ё", "е");

/**
 * The bank-app chooser's search: hides the server-rendered list items (#listId > li) whose data-search text
 * does not contain the query. Holds no list of its own, so the page ships none.
 */
export function BankAppSearch({
  label,
  emptyText,
  listId,
}: {
  label: string;
  emptyText: string;
  listId: string;
}) {
  const inputId = useId();
  const [empty, setEmpty] = useState(false);

  function filter(query: string) {
    const q = normalizeBankQuery(query);
    let shown = 0;
    for (const item of document.querySelectorAll<HTMLLIElement>(`#${listId} > li`)) {
      const match = q === "" || normalizeBankQuery(item.dataset.search ?? "").includes(q);
      item.hidden = !match;
      if (match) shown++;
    }
    setEmpty(shown === 0);
  }

  return (
    <>
      <label className={styles.searchLabel} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        className={styles.search}
        onChange={(e) => filter(e.target.value)}
        autoComplete="off"
        aria-controls={listId}
      />
      {empty ? <p className={styles.hint}>{emptyText}</p> : null}
    </>
  );
}
