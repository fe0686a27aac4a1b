import { en, type Messages } from "./messages-en";
import { ptBR } from "./messages-pt-br";
import { ru } from "./messages-ru";
import type { Locale } from "./locales";

export * from "./locales";
export type { Messages } from "./messages-en";

const DICTIONARIES: Record<Locale, Messages> = { ru, "pt-BR": ptBR, en };

/** Each language's own name, as the switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  ru: "Русский",
  "pt-BR": "Português (Brasil)",
  en: "English",
};

export function getMessages(locale: Locale): Messages {
  return DICTIONARIES[locale];
}

/** "Payment to {merchant}" + { merchant: "Acme" } → "Payment to Acme"; an unknown name stays as written. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
