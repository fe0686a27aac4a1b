import type { ReactNode } from "react";
import styles from "./auth.module.css";

/** The signed-out frame: one centred card on a quiet background. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.backdrop}>
      <main className={styles.center}>{children}</main>
    </div>
  );
}
