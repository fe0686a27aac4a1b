import { BrandMark } from "@/components/shell/brand-mark";
import styles from "./auth.module.css";

export function BrandHeader() {
  return (
    <div className={styles.brand}>
      <span className={styles.brandMark} aria-hidden="true">
        <BrandMark size={18} />
      </span>
      <span>Payments</span>
    </div>
  );
}
