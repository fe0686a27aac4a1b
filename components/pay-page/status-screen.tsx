import type { ReactNode } from "react";
import { CheckIcon, CrossIcon, TimerIcon } from "./icons";
import styles from "./pay-page.module.css";

/** The final screens (paid, failed, expired): one big sign, a title, what to do next. */
export function StatusScreen({
  tone,
  title,
  body,
  children,
}: {
  tone: "success" | "failed" | "expired";
  title: string;
  body: string;
  children?: ReactNode;
}) {
  const sign = tone === "success" ? <CheckIcon /> : tone === "failed" ? <CrossIcon /> : <TimerIcon />;
  return (
    <section
      className={`${styles.card} ${styles.screen}`}
      data-screen={tone}
      aria-labelledby={`screen-${tone}`}
    >
      <div className={styles.screenSign} data-tone={tone} aria-hidden="true">
        {sign}
      </div>
      <h2 id={`screen-${tone}`}>{title}</h2>
      <p>{body}</p>
      {children}
    </section>
  );
}
