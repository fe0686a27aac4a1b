import type { CSSProperties } from "react";
import styles from "./pay-page.module.css";

/**
 * A bank's logo over its initial. A CSS background, not an <img>: when the logo cannot load (offline,
 * blocked), the initial shows instead of a broken-image box. Decorative: the bank's name is always beside it.
 */
/** The letter shown under (or instead of) a bank's logo. */
export function logoInitial(name: string): string {
  return name
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .charAt(0)
    .toUpperCase();
}

export function BankLogo({
  name,
  logoUrl,
  size,
}: {
  name: string;
  logoUrl?: string;
  size: "small" | "large";
}) {
  return (
    <span className={styles.logo} data-size={size} aria-hidden="true">
      {logoInitial(name)}
      {logoUrl ? (
        <span
          className={styles.logoImage}
          style={{ "--logo": `url("${encodeURI(logoUrl)}")` } as CSSProperties}
        />
      ) : null}
    </span>
  );
}
