/**
 * How the bank-app chooser matches what a customer types: case, ё/е and punctuation do not count ("т банк",
 * "T-Bank" and "tbank" are one), and a query matches one of a bank's names, never across two of them. Pure:
 * the bank-apps page filters with it on the server, the chooser's search in the browser.
 */

/** "Т-Банк" → "тбанк", "Ёлка" → "елка": lower-case letters and digits only. */
export function normalizeBankText(text: string): string {
  return text
    .toLowerCase()
    .replaceAll("ё", "е")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** A bank's names as one search text: each normalized, once, separated by spaces. */
export function bankSearchText(names: readonly string[]): string {
  return [...new Set(names.map(normalizeBankText).filter(Boolean))].join(" ");
}

/** Whether a bank's search text (bankSearchText) matches the query; an empty query matches every bank. */
export function matchesBankQuery(searchText: string, query: string): boolean {
  const q = normalizeBankText(query);
  return q === "" || searchText.includes(q);
}
