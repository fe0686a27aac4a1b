import type { ReactNode } from "react";
import type { CurrentUser } from "@/lib/auth/types";
import { Brand } from "./brand";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import styles from "./shell.module.css";
import { UserMenu } from "./user-menu";

export const SANDBOX_BANNER_TEXT = "Sandbox — no real money moves";

/**
 * The signed-in staff frame: sidebar navigation on wide screens, a top bar with a menu on phones. A user
 * who must replace an admin's one-time password gets no section links (every page but Your account
 * sends them back there anyway).
 */
export function AppShell({
  user,
  sandbox,
  children,
}: {
  user: CurrentUser;
  sandbox: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame} data-sandbox={sandbox || undefined}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      {sandbox ? (
        <div className={styles.bannerSlot}>
          <div className="sandbox-banner" role="note">
            {SANDBOX_BANNER_TEXT}
          </div>
        </div>
      ) : null}
      <div className={styles.shell}>
        <aside className={styles.sidebar}>
          <Brand />
          <nav aria-label="Main" className={styles.sidebarNav}>
            {user.mustChangePassword ? null : <NavLinks role={user.role} />}
          </nav>
          <div className={styles.sidebarFooter}>
            <UserMenu user={user} />
          </div>
        </aside>
        <header className={styles.topbar}>
          <Brand />
          <MobileMenu>
            <nav aria-label="Main">{user.mustChangePassword ? null : <NavLinks role={user.role} />}</nav>
            <UserMenu user={user} />
          </MobileMenu>
        </header>
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
    </div>
  );
}
