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
        <div>
          <dt>Address</dt>
          <dd>{session.ip ?? "unknown"}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>
            <LocalTime value={session.signedInAt} />
          </dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            <LocalTime value={session.lastSeenAt} />
          </dd>
        </div>
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

function Status({ state }: { state: ActionResult | null }) {
  return (
    <p role="status" aria-live="polite" className={styles.message} data-ok={state?.ok || undefined}>
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

/** Admins: one user's sessions, each with End, and End all (after a confirmation). */
export function UserSessionList({
  email,
  userId,
  sessions,
}: {
  email: string;
  userId: string;
  sessions: SessionView[];
}) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(endUserSessionsAction, null);
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
      <Status state={state} />
    </section>
  );
}
