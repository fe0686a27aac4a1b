"use client";

import { useId, useMemo, useState } from "react";
import { filterBanks } from "@/components/bank-picker/filter-banks";
import { PlainField } from "@/components/forms/plain-field";
import type { BankInfo } from "@/lib/payment-api/bank-info";
import { bankCodeLabel } from "@/lib/contract/bank";
import styles from "./banks.module.css";
import { countryName } from "./country-param";

/**
 * A country's bank directory with an instant search by name, code or id (the bank picker's matching:
 * case, accents and Cyrillic/Latin spelling forgiven). Without JavaScript the search box submits `?q=` and
 * the server filters the same way.
 */
export function BanksTable({
  country,
  banks,
  initialQuery = "",
}: {
  country: string;
  banks: BankInfo[];
  initialQuery?: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const shown = useMemo(() => filterBanks(banks, query), [banks, query]);
  const searchId = useId();
  const statusId = useId();
  const heading = `Banks in ${countryName(country)} (${country})`;
  if (banks.length === 0) {
    return (
      <section className="card" aria-label={heading}>
        <h2>{heading}</h2>
        <p className="muted">The payment service lists no banks for {country}.</p>
      </section>
    );
  }

  const onChange = (value: string) => {
    setQuery(value);
    // Keep the search in the address, so a reload or a shared link shows the same rows.
    const url = new URL(window.location.href);
    if (value.trim()) url.searchParams.set("q", value);
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <section className="stack" aria-label={heading}>
      <div className={styles.tableHead}>
        <h2>
          {heading} <span className="muted">· {banks.length}</span>
        </h2>
        <search>
          <form method="get" action="/banks" onSubmit={(e) => e.preventDefault()}>
            <input type="hidden" name="country" value={country} />
            <PlainField id={searchId} label="Search banks" describedBy={statusId} className={styles.search}>
              {(control) => (
                <input
                  {...control}
                  type="search"
                  name="q"
                  value={query}
                  onChange={(e) => onChange(e.target.value)}
                  placeholder="Name, code or id"
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </PlainField>
          </form>
        </search>
      </div>
      <p id={statusId} className="visually-hidden" role="status">
        {query.trim() ? `${shown.length} of ${banks.length} banks match` : `${banks.length} banks`}
      </p>
      <div className={styles.tableBox}>
        <table>
          <caption className="visually-hidden">{heading}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col">{bankCodeLabel(country)}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((bank) => (
              <tr key={bank.id}>
                <td className="num mono">{bank.id}</td>
                <td>{bank.name}</td>
                <td className="mono">{bank.code}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {shown.length === 0 && <p className={`muted ${styles.empty}`}>No bank matches “{query.trim()}”.</p>}
      </div>
    </section>
  );
}
