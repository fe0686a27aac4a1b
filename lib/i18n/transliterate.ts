/**
 * Russian letters to Latin ones, as people type Russian bank names on a Latin keyboard ("Сбер" → "sber"),
 * so searches match in either script. Pure: the pay page's bank-app chooser and the dashboard's bank picker
 * both use it.
 */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "h",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "sch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Lower-cases, then spells every Russian letter in Latin; other characters stay as they are. */
export function transliterate(text: string): string {
  return [...text.toLowerCase()].map((c) => CYRILLIC_TO_LATIN[c] ?? c).join("");
}

const isUpper = (c: string | undefined) => c !== undefined && c !== c.toLowerCase();

/**
 * A Russian name spelt in Latin letters for reading, keeping its capitals: "Банк Левобережный" → "Bank
 * Levoberezhnyy", "АКБ ФОРА-БАНК" → "AKB FORA-BANK", "Щит" → "Schit".
 */
export function romanize(text: string): string {
  const chars = [...text];
  return chars
    .map((c, i) => {
      const latin = CYRILLIC_TO_LATIN[c.toLowerCase()];
      if (latin === undefined || !isUpper(c)) return latin ?? c;
      const inCapitals = isUpper(chars[i - 1]) || isUpper(chars[i + 1]);
      return inCapitals ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
    })
    .join("");
}
