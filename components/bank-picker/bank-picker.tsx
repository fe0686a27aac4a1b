"use client";

import { type KeyboardEvent, type Ref, useEffect, useId, useMemo, useRef, useState } from "react";
import { parseCountryParam } from "@/app/(dashboard)/banks/country-param";
import { type BankOption, bankCodeLabel, filterBanks } from "./filter-banks";
import styles from "./bank-picker.module.css";
import { useBanks } from "./use-banks";

export interface BankPickerProps {
  /** The input's id (the field's label points at it). */
  id: string;
  /** ISO alpha-2 country whose banks are offered. */
  country: string;
  /** The chosen bank's id as text, "" for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * A searchable bank chooser: an ARIA 1.2 combobox with a listbox popup. Type to filter by name or code;
 * ArrowDown/ArrowUp move, Home/End jump, Enter chooses, Escape closes (and restores the chosen bank's name).
 */
export function BankPicker(props: BankPickerProps) {
  const { id, country, value, onChange, onBlur, inputRef } = props;
  const banks = useBanks(country);
  const listId = useId();
  const statusId = useId();
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLDivElement>(null);

  const all = banks.data ?? [];
  const selected = all.find((b) => String(b.id) === value);
  const options = useMemo(() => filterBanks(all, editing ? query : ""), [all, editing, query]);
  const countryShaped = /^[A-Z]{2}$/.test(country.trim().toUpperCase());
  // The Banks page's own words for a code that is no country (e.g. XX), rather than the request's failure.
  const param = countryShaped ? parseCountryParam(country) : undefined;
  const countryProblem = param && !param.ok ? param.message : undefined;
  const countryOk = countryShaped && countryProblem === undefined;

  // A bank of another country (the country was changed) is no longer a valid choice.
  useEffect(() => {
    if (banks.isSuccess && value !== "" && !banks.data.some((b) => String(b.id) === value)) onChange("");
  }, [banks.isSuccess, banks.data, value, onChange]);

  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  const optionId = (i: number) => `${listId}-option-${i}`;

  function openList(at: "selected" | "first" | "last") {
    setOpen(true);
    const list = options;
    if (list.length === 0) return setActive(-1);
    if (at === "last") return setActive(list.length - 1);
    const sel = at === "selected" ? list.findIndex((b) => String(b.id) === value) : -1;
    setActive(Math.max(sel, 0));
  }

  function close() {
    setOpen(false);
    setEditing(false);
    setQuery("");
    setActive(-1);
  }

  function choose(bank: BankOption) {
    onChange(String(bank.id));
    close();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (!open || e.altKey) openList("selected");
        else setActive((i) => (i >= last ? 0 : i + 1));
        return;
      case "ArrowUp":
        e.preventDefault();
        if (!open) openList("last");
        else setActive((i) => (i <= 0 ? last : i - 1));
        return;
      case "Home":
      case "End":
        if (!open || options.length === 0) return;
        e.preventDefault();
        setActive(e.key === "Home" ? 0 : last);
        return;
      case "Enter": {
        if (!open) return;
        // Choosing must not submit the form.
        e.preventDefault();
        const bank = options[active];
        if (bank) choose(bank);
        return;
      }
      case "Escape":
        if (open || editing) {
          e.preventDefault();
          close();
        }
        return;
      default:
    }
  }

  const status = statusText({
    countryShaped,
    countryProblem,
    country,
    loading: banks.isPending && banks.fetchStatus !== "idle",
    error: banks.isError ? banks.error : null,
    count: all.length,
    matches: options.length,
    query: editing ? query : "",
  });
  const shownText = editing ? query : (selected?.name ?? "");
  const describedBy = [props["aria-describedby"], statusId].filter(Boolean).join(" ");

  return (
    <div className={styles.picker}>
      <div className={styles.control}>
        <input
          id={id}
          ref={inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={countryOk ? "Search by name or code" : "Enter a country first"}
          disabled={!countryOk}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={props["aria-invalid"]}
          aria-describedby={describedBy}
          value={shownText}
          onChange={(e) => {
            setEditing(true);
            setQuery(e.target.value);
            setOpen(true);
            setActive(e.target.value.trim() === "" ? -1 : 0);
          }}
          onKeyDown={onKeyDown}
          onClick={() => (open ? undefined : openList("selected"))}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        {selected ? (
          <button
            type="button"
            className={`button-small ${styles.iconButton}`}
            aria-label={`Clear the bank (${selected.name})`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChange("");
              close();
            }}
          >
            ×
          </button>
        ) : null}
        <button
          type="button"
          tabIndex={-1}
          className={`button-small ${styles.iconButton}`}
          aria-label={open ? "Hide banks" : "Show banks"}
          disabled={!countryOk}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => (open ? close() : openList("selected"))}
        >
          ▾
        </button>
      </div>
      <div
        id={listId}
        ref={listRef}
        role="listbox"
        aria-label={`Banks of ${country.toUpperCase()}`}
        className={styles.list}
        hidden={!open || options.length === 0}
      >
        {options.map((bank, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
          <div
            key={bank.id}
            tabIndex={-1}
            id={optionId(i)}
            data-index={i}
            role="option"
            aria-selected={i === active}
            className={`${styles.option} ${i === active ? styles.active : ""}`}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => choose(bank)}
          >
            <span className={styles.name} data-bank-name={bank.name}>
              {String(bank.id) === value ? (
                <>
                  <span aria-hidden="true">✓ </span>
                  <span className="visually-hidden">(chosen) </span>
                </>
              ) : null}
              {bank.name}
            </span>
            <span className={styles.code}>{bank.code}</span>
          </div>
        ))}
      </div>
      <div id={statusId} className={styles.status} data-tone={status.tone} aria-live="polite">
        {selected && !editing ? (
          <span>
            {bankCodeLabel(selected.country)} <span className="mono">{selected.code}</span>
          </span>
        ) : (
          status.text
        )}
        {banks.isError ? (
          <button type="button" className="button-small" onClick={() => banks.refetch()}>
            Retry
          </button>
        ) : null}
      </div>
    </div>
  );
}

function statusText(s: {
  countryShaped: boolean;
  countryProblem: string | undefined;
  country: string;
  loading: boolean;
  error: Error | null;
  count: number;
  matches: number;
  query: string;
}): { tone: "muted" | "error"; text: string } {
  if (!s.countryShaped) return { tone: "muted", text: "Banks appear once the country is a two-letter code." };
  if (s.countryProblem) return { tone: "error", text: `${s.countryProblem}: no banks to offer.` };
  if (s.loading) return { tone: "muted", text: "Loading banks…" };
  if (s.error) return { tone: "error", text: `Could not load the banks (${s.error.message}).` };
  if (s.count === 0) return { tone: "muted", text: `No banks listed for ${s.country.toUpperCase()}.` };
  if (s.query.trim() !== "" && s.matches === 0)
    return { tone: "muted", text: `No bank matches “${s.query.trim()}”.` };
  return { tone: "muted", text: `${s.count} banks — type to search by name or code.` };
}
