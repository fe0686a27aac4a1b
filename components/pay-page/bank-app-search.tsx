"use client";

import { useEffect, useId, useRef, useState } from "react";
import { matchesBankQuery } from "@/lib/pay-page/bank-search";
import styles from "./pay-page.module.css";

interface BankAppSearchProps {
  label: string;
  submitLabel: string;
  emptyText: string;
  listId: string;
  /** The bank-apps page, which filters its list by `?q=` on the server: where the form goes without JavaScript. */
  action: string;
  /** The query the server filtered by, and whether nothing matched it. */
  query?: string;
  initiallyEmpty?: boolean;
  listVersion?: unknown;
}

/**
 * The bank-app chooser's search: a plain GET form to the bank-apps page (`?q=`), which works without
 * JavaScript; with it, the list filters as the customer types by hiding the items (#listId > li) whose
 * data-search text does not match. Holds no list of its own, so the page ships none. `listVersion` changes
 * when the list's markup is replaced (loaded after the customer began typing): the query is applied to the
 * new items too.
 */
export function BankAppSearch({
  label,
  submitLabel,
  emptyText,
  listId,
  action,
  query = "",
  initiallyEmpty = false,
  listVersion,
}: BankAppSearchProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [empty, setEmpty] = useState(initiallyEmpty);

  function filter(text: string) {
    let shown = 0;
    for (const item of document.querySelectorAll<HTMLLIElement>(`#${listId} > li`)) {
      const match = matchesBankQuery(item.dataset.search ?? "", text);
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
      <form
        action={action}
        method="get"
        className={styles.searchForm}
        onSubmit={(e) => {
          // The list is filtered already: submitting only puts the phone's keyboard away.
          e.preventDefault();
          filter(input.current?.value ?? "");
          input.current?.blur();
        }}
      >
        <label className={styles.searchLabel} htmlFor={inputId}>
          {label}
        </label>
        <div className={styles.searchRow}>
          <input
            id={inputId}
            ref={input}
            name="q"
            type="search"
            defaultValue={query}
            className={styles.search}
            onChange={(e) => filter(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
            aria-controls={listId}
          />
          <button type="submit" className={styles.searchButton}>
            {submitLabel}
          </button>
        </div>
      </form>
      {empty ? <p className={styles.hint}>{emptyText}</p> : null}
    </>
  );
}
