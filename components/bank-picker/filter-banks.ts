import { transliterate } from "@/lib/i18n/transliterate";

/** A bank as GET /api/banks returns it. `code`: RU SBP member id, BR ISPB, KZ BIC. */
export interface BankOption {
  id: number;
  name: string;
  country: string;
  code: string;
}

function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/ё/g, "е");
}

/**
 * Banks whose name or code contains every word of the query (case, accents and ё/е ignored; a word typed in
 * Russian also matches its Latin spelling, so "сбер" finds "Sberbank", and one typed in Latin letters a
 * Russian name, so "sber" finds "Сбербанк"); names that start with the query first, then the directory's order.
 */
export function filterBanks(banks: readonly BankOption[], query: string): BankOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...banks];
  const q = words.join(" ");
  const matches = banks.filter((b) => {
    const hay = `${fold(b.name)} ${fold(b.code)} ${b.id}`;
    const latinHay = transliterate(hay);
    return words.every((w) => hay.includes(w) || hay.includes(transliterate(w)) || latinHay.includes(w));
  });
  const starts = (b: BankOption) =>
    fold(b.name).startsWith(q) ||
    fold(b.name).startsWith(transliterate(q)) ||
    transliterate(fold(b.name)).startsWith(q) ||
    fold(b.code).startsWith(q);
  return [...matches.filter(starts), ...matches.filter((b) => !starts(b))];
}
