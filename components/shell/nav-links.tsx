"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "@/lib/auth/roles";
import { NavIcon } from "./nav-icon";
import { isActivePath, navItemsFor } from "./nav-items";
import styles from "./shell.module.css";

/**
 * The section links; the current one is marked with aria-current. `counts`: a number to show beside a
 * link, by its href (open "I have paid" cases beside Cases).
 */
export function NavLinks({ role, counts = {} }: { role: Role; counts?: Readonly<Record<string, number>> }) {
  const pathname = usePathname();
  return (
    <ul className={styles.navList}>
      {navItemsFor(role).map((item) => {
        const active = isActivePath(item.href, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              className={styles.navLink}
              aria-current={active ? "page" : undefined}
              data-active={active || undefined}
            >
              <NavIcon name={item.icon} />
              <span>{item.label}</span>
              {counts[item.href] ? (
                <span className={styles.navCount}>
                  {counts[item.href]}
                  <span className="visually-hidden"> open</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
