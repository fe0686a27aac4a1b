"use client";

import { useActionState, useId } from "react";
import { type UpdateUserActionResult, updateUserAction } from "@/lib/actions/update-user-action";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import type { UserListItem } from "./types";
import styles from "./users.module.css";

/**
 * Change role, disable / enable, unlock an account locked by failed sign-ins. Each is a small form posting to updateUserAction (works without
 * JavaScript). The server refuses self-demotion and self-disabling; the controls say so up front too.
 */
export function UserRowControls({ user, isMe }: { user: UserListItem; isMe: boolean }) {
  const [state, formAction, pending] = useActionState<UpdateUserActionResult | null, FormData>(
    updateUserAction,
    null,
  );
  const roleId = useId();
  const messageId = useId();
  return (
    <div className={styles.controls}>
      <form action={formAction} className={styles.inlineForm}>
        <input type="hidden" name="intent" value="set-role" />
        <input type="hidden" name="userId" value={user.id} />
        <label htmlFor={roleId} className="visually-hidden">
          Role for {user.email}
        </label>
        <select
          id={roleId}
          name="role"
          defaultValue={user.role}
          key={user.role}
          className={styles.roleSelect}
          aria-describedby={messageId}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button-small"
          disabled={pending}
          aria-label={`Save role for ${user.email}`}
        >
          Save role
        </button>
      </form>
      <form action={formAction} className={styles.inlineForm}>
        <input type="hidden" name="intent" value={user.disabled ? "enable" : "disable"} />
        <input type="hidden" name="userId" value={user.id} />
        <button
          type="submit"
          className={`button-small ${styles.toggleButton} ${user.disabled ? "" : styles.disableButton}`}
          disabled={pending}
          aria-label={`${user.disabled ? "Enable" : "Disable"} ${user.email}`}
          title={isMe && !user.disabled ? "You can't disable your own account" : undefined}
        >
          {user.disabled ? "Enable" : "Disable"}
        </button>
      </form>
      {user.lockedUntil ? (
        <form action={formAction} className={styles.inlineForm}>
          <input type="hidden" name="intent" value="unlock" />
          <input type="hidden" name="userId" value={user.id} />
          <button
            type="submit"
            className="button-small"
            disabled={pending}
            aria-label={`Unlock ${user.email}`}
          >
            Unlock
          </button>
        </form>
      ) : null}
      <p id={messageId} aria-live="polite" className={styles.rowMessage} data-ok={state?.ok || undefined}>
        {state?.message ?? ""}
      </p>
    </div>
  );
}
