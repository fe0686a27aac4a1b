"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useId } from "react";
import { type SavedView, viewMatching } from "@/lib/orders/saved-views";
import styles from "./shell.module.css";

/** The user's saved views of the orders list, under the section links; the open one is marked. */
export function SavedViewsNav({ views }: { views: readonly SavedView[] }) {
  const pathname = usePathname();
  const search = useSearchParams();
  // The shell renders the navigation twice (sidebar, phone menu): each heading needs its own id.
  const headingId = useId();
  if (views.length === 0) return null;
  const open = pathname === "/orders" ? viewMatching(views, search.toString()) : undefined;
  return (
    <section className={styles.savedViews} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.navHeading}>
        Saved views
      </h2>
      <ul className={styles.navList}>
        {views.map((view) => (
          <li key={view.id}>
            <Link
              href={`/orders?${view.query}`}
              className={`${styles.navLink} ${styles.viewLink}`}
              aria-current={open?.id === view.id ? "page" : undefined}
              title={view.name}
            >
              <span>{view.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
