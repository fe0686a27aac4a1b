/**
 * The pay page's languages and how one is chosen: an explicit choice (?lang= or the `lang` cookie) wins,
 * then the browser's Accept-Language, then English. Pure, so proxy.ts, the page and the tests share it.
 */
export const LOCALES = ["ru", "pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Cookie that remembers the language picked with the switcher. */
export const LANG_COOKIE = "lang";
export const LANG_QUERY_PARAM = "lang";

/** "pt-br", "PT_BR", "ru-RU" → the supported locale they name exactly, if any. */
export function toLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const normalized = value.trim().replace("_", "-").toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === normalized);
}

interface LanguageRange {
  tag: string;
  q: number;
}

/** Accept-Language → language ranges by descending preference (RFC 9110 §12.5.4); q=0 means "not this". */
export function parseAcceptLanguage(header: string | null | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: (LanguageRange & { index: number })[] = [];
  header.split(",").forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = rawTag?.trim().toLowerCase();
    if (!tag) return;
    let q = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p);
      if (m) q = Number(m[1]);
    }
    if (q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map(({ tag, q }) => ({ tag, q }));
}

/** The supported locale that serves one language range: exact, then by primary language (pt-PT → pt-BR). */
function matchRange(tag: string): Locale | undefined {
  if (tag === "*") return undefined;
  const exact = toLocale(tag);
  if (exact) return exact;
  const primary = tag.split("-")[0];
  return LOCALES.find((l) => l.split("-")[0]!.toLowerCase() === primary);
}

export function negotiateLocale(input: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Locale {
  const chosen = toLocale(input.query) ?? toLocale(input.cookie);
  if (chosen) return chosen;
  for (const { tag } of parseAcceptLanguage(input.acceptLanguage)) {
    const match = matchRange(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
