import Link from "next/link";
import { BrandMark } from "./brand-mark";
import styles from "./shell.module.css";

export function Brand() {
  return (
    <Link href="/" className={styles.brand}>
      <span className={styles.brandMark} aria-hidden="true">
        <BrandMark size={16} />
      </span>
      <span>Payments</span>
    </Link>
  );
}
