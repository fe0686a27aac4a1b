"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "@/lib/auth/roles";
import { NavIcon } from "./nav-icon";
import { isActivePath, navItemsFor } from "./nav-items";
import styles from "./shell.module.css";

/** A number to show beside a link, and what it counts, said to screen readers after it ("3 open"). */
export interface NavCount {
  n: number;
  what: string;
}

/**
 * The section links; the current one is marked with aria-current. `counts`: by href (open "I have paid"
 * cases beside Cases, pay-outs and files waiting for an approver).
 */
export function NavLinks({ role, counts = {} }: { role: Role; counts?: Readonly<Record<string, NavCount>> }) {
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
              {counts[item.href]?.n ? (
                <span className={styles.navCount} data-testid={`nav-count-${item.label}`}>
                  {counts[item.href]?.n}
                  <span className="visually-hidden"> {counts[item.href]?.what}</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
