import Link from "next/link";
import type { ReactNode } from "react";
import { LocalTime } from "@/components/time/local-time";
import type { AuditActivityRow } from "@/lib/database/dashboard/queries/audit";
import { activityParts } from "./activity-text";
import { userHref } from "./user-link";
import styles from "./users.module.css";

/**
 * A user's row is an anchor on this same page: a plain link, so the browser moves to it and marks it
 * :target (Next's Link changes the URL by pushState, which does neither). Orders go through Link.
 */
function EntryLink({ href, title, children }: { href: string; title?: string; children: ReactNode }) {
  return href.includes("#") ? (
    <a href={href} title={title}>
      {children}
    </a>
  ) : (
    <Link href={href} title={title}>
      {children}
    </Link>
  );
}

/** The latest audit-log entries: who did what, when (local time, UTC on hover); users and orders named are links. */
export function RecentActivity({ entries }: { entries: AuditActivityRow[] }) {
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent activity</h2>
      {entries.length === 0 ? (
        <p className="muted">Nothing yet.</p>
      ) : (
        <ol className={styles.activity}>
          {entries.map((e) => (
            <li key={e.id} data-action={e.action}>
              <LocalTime value={e.at} className={styles.activityTime} />
              <span className={styles.activityActor}>
                {e.actorEmail && e.userId ? (
                  <EntryLink href={userHref(e.userId)}>{e.actorEmail}</EntryLink>
                ) : (
                  (e.actorEmail ?? (e.action.startsWith("auth.") ? "Unknown visitor" : "System"))
                )}
              </span>
              <span>
                {activityParts(e).map((part, i) =>
                  typeof part === "string" ? (
                    part
                  ) : (
                    <EntryLink key={i} href={part.href} title={part.title}>
                      {part.text}
                    </EntryLink>
                  ),
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
