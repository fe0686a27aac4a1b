import Link from "next/link";
import styles from "./shell.module.css";

export function Brand() {
  return (
    <Link href="/" className={styles.brand}>
      <span className={styles.brandMark} aria-hidden="true">
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 12h16M14 6l6 6-6 6" />
        </svg>
      </span>
      <span>Payments</span>
    </Link>
  );
}
