"use client";

import { useActionState } from "react";
import { LocalTime } from "@/components/time/local-time";
import { ConfirmButton } from "@/components/users/confirm-dialog";
import type { ActionResult } from "@/lib/actions/action-result";
import { endOwnSessionsAction } from "@/lib/actions/end-own-sessions-action";
import { endUserSessionsAction } from "@/lib/actions/end-user-sessions-action";
import type { SessionView } from "@/lib/auth/session-schemas";
import styles from "./sessions.module.css";

/** One session: browser, address, signed in, last seen; "This session" or a button that ends it. */
function SessionItem({
  session,
  action,
  pending,
  fields,
  endLabel,
}: {
  session: SessionView;
  action: (form: FormData) => void;
  pending: boolean;
  fields: Record<string, string>;
  endLabel: string;
}) {
  const name = `${session.browser}${session.ip ? `, ${session.ip}` : ""}`;
  return (
    <li className={styles.item} data-current={session.current || undefined} aria-label={name}>
      <div className={styles.what}>
        <span className={styles.browser}>{session.browser}</span>
        {session.current ? <span className={styles.current}>This session</span> : null}
      </div>
      <dl className={styles.facts}>
        {(
          [
            ["Address", session.ip ?? "unknown"],
            ["Signed in", <LocalTime key="in" value={session.signedInAt} />],
            ["Last seen", <LocalTime key="seen" value={session.lastSeenAt} />],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {session.current ? null : (
        <form action={action} className={styles.end}>
          {Object.entries(fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="intent" value="one" />
          <input type="hidden" name="sessionId" value={session.id} />
          <button
            type="submit"
            className="button-small"
            disabled={pending}
            aria-label={`${endLabel} ${name}`}
          >
            {endLabel}
          </button>
        </form>
      )}
    </li>
  );
}

function Status({ state, className = "" }: { state: ActionResult | null; className?: string }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className={`${styles.message} ${className}`}
      data-ok={state?.ok || undefined}
    >
      {state?.message ?? ""}
    </p>
  );
}

/** Your account: your sessions; sign out one of the others, or all of them. */
export function OwnSessionList({ sessions }: { sessions: SessionView[] }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(endOwnSessionsAction, null);
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <ul className={styles.list}>
        {sessions.map((s) => (
          <SessionItem
            key={s.id}
            session={s}
            action={action}
            pending={pending}
            fields={{}}
            endLabel="Sign out"
          />
        ))}
      </ul>
      <div className={styles.footer}>
        {others > 0 ? (
          <form action={action}>
            <input type="hidden" name="intent" value="others" />
            <button type="submit" className="button-small" disabled={pending}>
              Sign out all other sessions
            </button>
          </form>
        ) : (
          <p className="muted">You are signed in nowhere else.</p>
        )}
        <Status state={state} />
      </div>
    </>
  );
}

/** One user's sessions in the admins' list: each with End session, and End all (after a confirmation). */
function UserSessions({
  email,
  userId,
  sessions,
  action,
  pending,
}: {
  email: string;
  userId: string;
  sessions: SessionView[];
  action: (form: FormData) => void;
  pending: boolean;
}) {
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section className={styles.user} aria-label={`Sessions of ${email}`}>
      <div className={styles.userHeader}>
        <h3 className={styles.email}>{email}</h3>
        {others > 0 ? (
          <ConfirmButton
            label="End all"
            buttonLabel={`End all sessions of ${email}`}
            title={`End all sessions of ${email}?`}
            confirmLabel="End all"
            action={action}
            fields={{ intent: "all", userId }}
            danger
            pending={pending}
          >
            <p>
              {email} is signed out on every device at once (your own current session excepted), and their
              open pages stop receiving updates.
            </p>
          </ConfirmButton>
        ) : null}
      </div>
      <ul className={styles.list}>
        {sessions.map((s) => (
          <SessionItem
            key={s.id}
            session={s}
            action={action}
            pending={pending}
            fields={{ userId }}
            endLabel="End session"
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * Admins: everyone's sessions, by user. One status line for the whole list, above it: it stays when the
 * user it speaks of leaves the list (their last session ended).
 */
export function AllSessionList({ sessions }: { sessions: SessionView[] }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(endUserSessionsAction, null);
  const byUser = new Map<string, SessionView[]>();
  for (const s of sessions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
  return (
    <>
      <Status state={state} className={styles.listStatus} />
      {[...byUser.entries()].map(([userId, list]) => (
        <UserSessions
          key={userId}
          email={list[0]?.email ?? ""}
          userId={userId}
          sessions={list}
          action={action}
          pending={pending}
        />
      ))}
    </>
  );
}
