import { type ReactNode, Suspense } from "react";
import type { CurrentUser } from "@/lib/auth/types";
import type { SavedView } from "@/lib/orders/saved-views";
import { Brand } from "./brand";
import { MobileMenu } from "./mobile-menu";
import { AWAITING_APPROVAL_HREF } from "./nav-items";
import { NavLinks } from "./nav-links";
import { SavedViewsNav } from "./saved-views-nav";
import styles from "./shell.module.css";
import { UserMenu } from "./user-menu";

export const SANDBOX_BANNER_TEXT = "Sandbox — no real money moves";

/**
 * The signed-in staff frame: sidebar navigation on wide screens, a top bar with a menu on phones. A user
 * who must replace an admin's one-time password gets no section links (every page but Your account
 * sends them back there anyway). The user's saved views of the orders list follow the section links.
 */
export function AppShell({
  user,
  sandbox,
  views,
  openCases = 0,
  openAlerts = 0,
  awaitingApproval = { payouts: 0, files: 0 },
  children,
}: {
  user: CurrentUser;
  sandbox: boolean;
  views: readonly SavedView[];
  /** Open "I have paid" cases: a count beside Cases (the seam the alerts work reads too). */
  openCases?: number;
  /** Alerts raised and not yet acknowledged: a count beside Alerts. */
  openAlerts?: number;
  /** What waits for an approver (counted for approvers and admins only): beside Awaiting approval and Pay-out files. */
  awaitingApproval?: { payouts: number; files: number };
  children: ReactNode;
}) {
  const sections =
    user.mustChangePassword || user.mustEnrolSecondFactor ? null : (
      <>
        <NavLinks
          role={user.role}
          counts={{
            "/cases": { n: openCases, what: "open" },
            "/alerts": { n: openAlerts, what: "open" },
            [AWAITING_APPROVAL_HREF]: { n: awaitingApproval.payouts, what: "waiting for approval" },
            "/payouts/batches": { n: awaitingApproval.files, what: "waiting for approval" },
          }}
        />
        {/* It reads the URL's query (useSearchParams): a boundary of its own keeps the rest server-rendered. */}
        <Suspense fallback={null}>
          <SavedViewsNav views={views} />
        </Suspense>
      </>
    );
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
            {sections}
          </nav>
          <div className={styles.sidebarFooter}>
            <UserMenu user={user} />
          </div>
        </aside>
        <header className={styles.topbar}>
          <Brand />
          <MobileMenu>
            <nav aria-label="Main">{sections}</nav>
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
