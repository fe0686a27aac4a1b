import type { Migration } from "@/lib/database";

/**
 * Sessions (issue 17 §4).
 * - Deleting a session row is what ends it, whoever deletes it (sign-out, an admin, a password reset,
 *   disabling, the idle and absolute timeouts): each deleted row is announced on the channel
 *   "session_ended" with {"sessionId","userId"} when its transaction commits, so every instance sharing the
 *   database closes that session's open event streams at once (lib/live/session-ends.ts). `reason` is the
 *   transaction's `dashboard.session_end_reason` setting (lib/auth/end-sessions.ts), null when unset (the
 *   timeouts). A payload with no sessionId (sent by the code on a role change) closes every stream of
 *   that user.
 * - An admin's one-time password works for one sign-in, within 24 hours: when it expires and when it was
 *   used. One-time passwords set before this migration get 24 hours from now.
 */
export const m0018Sessions: Migration = {
  id: "0018_sessions",
  sql: `
ALTER TABLE users ADD COLUMN one_time_password_expires_at timestamptz;
ALTER TABLE users ADD COLUMN one_time_password_used_at timestamptz;
UPDATE users SET one_time_password_expires_at = now() + interval '24 hours' WHERE must_change_password;

CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_ended', json_build_object(
    'sessionId', OLD.id, 'userId', OLD.user_id,
    'reason', NULLIF(current_setting('dashboard.session_end_reason', true), '')
  )::text)
  ; RETURN NULL
; END $$;
CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
`,
};
