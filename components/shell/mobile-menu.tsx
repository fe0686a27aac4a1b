"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useRef } from "react";
import styles from "./shell.module.css";

/**
 * The navigation drawer on narrow screens. A <details> element, so it opens without JavaScript too; with
 * JavaScript it closes itself after a navigation.
 */
export function MobileMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new pathname
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  return (
    <details ref={ref} className={styles.mobileMenu}>
      <summary className={styles.menuButton}>
        <svg
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <span>Menu</span>
      </summary>
      <div className={styles.mobilePanel}>{children}</div>
    </details>
  );
}
