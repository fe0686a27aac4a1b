import { LANG_QUERY_PARAM, LOCALE_NAMES, LOCALES, type Locale } from "@/lib/i18n";
import styles from "./pay-page.module.css";

/** Plain links (?lang=…): proxy.ts remembers the choice in a cookie, so it works without JavaScript. */
export function LanguageSwitcher({ current, label }: { current: Locale; label: string }) {
  return (
    <nav aria-label={label} className={styles.langs}>
      <ul>
        {LOCALES.map((l) => (
          <li key={l}>
            <a
              href={`?${LANG_QUERY_PARAM}=${l}`}
              hrefLang={l}
              lang={l}
              aria-current={l === current ? "true" : undefined}
              title={LOCALE_NAMES[l]}
            >
              {l === "pt-BR" ? "PT" : l.toUpperCase()}
              <span className="visually-hidden"> {LOCALE_NAMES[l]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
