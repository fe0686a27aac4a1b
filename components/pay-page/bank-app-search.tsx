"use client";

import { useEffect, useId, useRef, useState } from "react";
import styles from "./pay-page.module.css";

const normalizeBankQuery = (s: string) => s.trim().toLowerCase().replaceAll("ё", "е");

/**
 * The bank-app chooser's search: hides the list items (#listId > li) whose data-search text does not contain
 * the query. Holds no list of its own, so the page ships none. `listVersion` changes when the list's markup
 * is replaced (loaded after the customer began typing): the query is applied to the new items too.
 */
export function BankAppSearch({
  label,
  emptyText,
  listId,
  listVersion,
}: {
  label: string;
  emptyText: string;
  listId: string;
  listVersion?: unknown;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: rerun only when the list's markup changes
  useEffect(() => {
    if (listVersion != null && input.current?.value) filter(input.current.value);
  }, [listVersion]);

  return (
    <>
      <label className={styles.searchLabel} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        ref={input}
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
