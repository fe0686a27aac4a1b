"use client";

import { useCombobox } from "downshift";
import { type Ref, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { parseCountryParam } from "@/app/(dashboard)/banks/country-param";
import { bankCodeLabel } from "@/lib/contract/bank";
import { type BankOption, filterBanks } from "./filter-banks";
import styles from "./bank-picker.module.css";
import { bankPickerReducer, T } from "./picker-reducer";
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
 * A searchable bank chooser: an ARIA 1.2 combobox with a listbox popup (downshift's useCombobox). Type to
 * filter by name or code; ArrowDown/ArrowUp move, Home/End jump, Enter chooses, Escape closes (and restores the
 * chosen bank's name).
 */
export function BankPicker(props: BankPickerProps) {
  const { id, country, value, onChange, onBlur, inputRef } = props;
  const banks = useBanks(country);
  const listId = useId();
  const statusId = useId();
  // What the user is typing; null when not editing (the input then shows the chosen bank).
  const [query, setQuery] = useState<string | null>(null);

  const all = banks.data ?? [];
  const selected = all.find((b) => String(b.id) === value);
  const options = useMemo(() => filterBanks(all, query ?? ""), [all, query]);
  const countryShaped = /^[A-Z]{2}$/.test(country.trim().toUpperCase());
  // The Banks page's own words for a code that is no country (e.g. XX), rather than the request's failure.
  const param = countryShaped ? parseCountryParam(country) : undefined;
  const countryProblem = param && !param.ok ? param.message : undefined;
  const countryOk = countryShaped && countryProblem === undefined;

  // A bank of another country (the country was changed) is no longer a valid choice.
  useEffect(() => {
    if (banks.isSuccess && value !== "" && !banks.data.some((b) => String(b.id) === value)) onChange("");
  }, [banks.isSuccess, banks.data, value, onChange]);

  const {
    isOpen,
    highlightedIndex,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    openMenu,
    setHighlightedIndex,
  } = useCombobox<BankOption>({
    items: options,
    itemToString: (bank) => bank?.name ?? "",
    itemToKey: (bank) => bank?.id,
    selectedItem: selected ?? null,
    inputValue: query ?? selected?.name ?? "",
    inputId: id,
    menuId: listId,
    getItemId: (i) => `${listId}-option-${i}`,
    stateReducer: bankPickerReducer,
    // Scroll the page too, not only the list (downshift's default): on a phone the list opens below the fold.
    scrollIntoView: (node) => node.scrollIntoView({ block: "nearest" }),
    onStateChange: ({ type, inputValue, isOpen: nowOpen, selectedItem }) => {
      if (type === T.InputChange) setQuery(inputValue ?? "");
      else if (nowOpen === false || type === T.InputKeyDownEscape) setQuery(null);
      if (selectedItem !== undefined) onChange(selectedItem ? String(selectedItem.id) : "");
    },
  });

  // Letters typed before hydration are in the server-rendered input but in no state of ours, and the next
  // render would put back the empty value ("Сбер" became "Сер"): once hydrated, they become the search.
  const ownInput = useRef<HTMLInputElement | null>(null);
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      ownInput.current = element;
      if (typeof inputRef === "function") inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  // The search adopted so is highlighted as typing would (its first match) once the banks have come.
  const adopted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration, before any re-render.
  useLayoutEffect(() => {
    const typed = ownInput.current?.value ?? "";
    if (typed === "" || typed === (selected?.name ?? "")) return;
    setQuery(typed);
    openMenu();
    adopted.current = true;
  }, []);
  useEffect(() => {
    if (!adopted.current || options.length === 0) return;
    adopted.current = false;
    setHighlightedIndex(0);
  }, [options, setHighlightedIndex]);

  const status = statusText({
    countryShaped,
    countryProblem,
    country,
    loading: banks.isPending && banks.fetchStatus !== "idle",
    error: banks.isError ? banks.error : null,
    count: all.length,
    matches: options.length,
    query: query ?? "",
  });
  const describedBy = [props["aria-describedby"], statusId].filter(Boolean).join(" ");

  return (
    <div className={styles.picker}>
      <div className={styles.control}>
        <input
          type="text"
          spellCheck={false}
          placeholder={countryOk ? "Search by name or code" : "Enter a country first"}
          {...getInputProps({
            ref: setInput,
            disabled: !countryOk,
            // The field's own <label for> names it (downshift would point at a label element of its own).
            "aria-labelledby": undefined,
            "aria-invalid": props["aria-invalid"],
            "aria-describedby": describedBy,
            onBlur: () => {
              setQuery(null);
              onBlur?.();
            },
          })}
        />
        {selected ? (
          <button
            type="button"
            className={`button-small ${styles.iconButton}`}
            aria-label={`Clear the bank (${selected.name})`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChange("");
              setQuery(null);
            }}
          >
            ×
          </button>
        ) : null}
        <button
          type="button"
          className={`button-small ${styles.iconButton}`}
          {...getToggleButtonProps({
            "aria-label": isOpen ? "Hide banks" : "Show banks",
            disabled: !countryOk,
            onMouseDown: (e) => e.preventDefault(),
          })}
        >
          ▾
        </button>
      </div>
      <div
        className={styles.list}
        hidden={!isOpen || options.length === 0}
        {...getMenuProps({ "aria-label": `Banks of ${country.toUpperCase()}` })}
      >
        {options.map((bank, i) => (
          <div
            key={bank.id}
            className={`${styles.option} ${i === highlightedIndex ? styles.active : ""}`}
            {...getItemProps({ item: bank, index: i })}
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
        {selected && query === null ? (
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
