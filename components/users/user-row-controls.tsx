"use client";

import { useActionState, useId } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import {
  type ResetUserPasswordResult,
  resetUserPasswordAction,
} from "@/lib/actions/reset-user-password-action";
import { resetUserFactorsAction } from "@/lib/actions/reset-user-factors-action";
import { updateUserAction } from "@/lib/actions/update-user-action";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { ConfirmButton } from "./confirm-dialog";
import { OneTimePassword } from "./one-time-password";
import type { UserListItem } from "./types";
import styles from "./users.module.css";

export const OWN_DISABLE_REASON = "You can't disable your own account. Ask another admin to do it.";
export const OWN_RESET_REASON = "To change your own password, use Your account.";
export const OWN_FACTOR_RESET_REASON = "To change your own second factor, use Your account.";

/**
 * Change role, disable (after a confirmation) / enable, reset the password, unlock an account locked by
 * failed sign-ins. Each posts to a server action; the server refuses self-demotion and self-disabling,
 * and the controls say so up front too.
 */
export function UserRowControls({ user, isMe }: { user: UserListItem; isMe: boolean }) {
  const [state, formAction, pending] = useActionState<ActionResult | null, FormData>(updateUserAction, null);
  const [reset, resetAction, resetting] = useActionState<ResetUserPasswordResult | null, FormData>(
    resetUserPasswordAction,
    null,
  );
  const [factorReset, factorResetAction, resettingFactors] = useActionState<ActionResult | null, FormData>(
    resetUserFactorsAction,
    null,
  );
  const roleId = useId();
  const messageId = useId();
  const message = reset?.ok
    ? factorReset?.message
    : (reset?.message ?? factorReset?.message ?? state?.message);
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
      {user.disabled ? (
        <form action={formAction} className={styles.inlineForm}>
          <input type="hidden" name="intent" value="enable" />
          <input type="hidden" name="userId" value={user.id} />
          <button
            type="submit"
            className={`button-small ${styles.toggleButton}`}
            disabled={pending}
            aria-label={`Enable ${user.email}`}
          >
            Enable
          </button>
        </form>
      ) : (
        <ConfirmButton
          label="Disable"
          buttonLabel={`Disable ${user.email}`}
          title={`Disable ${user.email}?`}
          confirmLabel="Disable"
          action={formAction}
          fields={{ intent: "disable", userId: user.id }}
          danger
          pending={pending}
          disabledReason={isMe ? OWN_DISABLE_REASON : undefined}
        >
          <p>
            {user.email} is signed out at once and can't sign in until an admin enables the account again.
          </p>
        </ConfirmButton>
      )}
      <ConfirmButton
        label="Reset password"
        buttonLabel={`Reset password of ${user.email}`}
        title={`Reset the password of ${user.email}?`}
        confirmLabel="Reset password"
        action={resetAction}
        fields={{ userId: user.id }}
        pending={resetting}
        disabledReason={isMe ? OWN_RESET_REASON : undefined}
      >
        <p>
          Their password stops working and they are signed out everywhere. You get a one-time password, shown
          once, to pass on; after signing in with it they must choose a new password.
        </p>
      </ConfirmButton>
      {user.secondFactor ? (
        <ConfirmButton
          label="Reset second factor"
          buttonLabel={`Reset second factor of ${user.email}`}
          title={`Reset the second factor of ${user.email}?`}
          confirmLabel="Reset second factor"
          action={factorResetAction}
          fields={{ userId: user.id }}
          danger
          pending={resettingFactors}
          disabledReason={isMe ? OWN_FACTOR_RESET_REASON : undefined}
        >
          <p>
            Their authenticator app, passkeys and recovery codes stop working and they are signed out
            everywhere. They sign in with their password alone and set up a new second factor (at once, if
            their role requires one).
          </p>
        </ConfirmButton>
      ) : null}
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
      {reset?.ok && reset.oneTimePassword ? (
        <OneTimePassword email={user.email} password={reset.oneTimePassword} />
      ) : null}
      <p
        id={messageId}
        aria-live="polite"
        className={styles.rowMessage}
        data-ok={state?.ok || factorReset?.ok || undefined}
      >
        {message ?? ""}
      </p>
    </div>
  );
}
