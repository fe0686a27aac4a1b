import type { ReactNode } from "react";
import { LocalTime } from "@/components/time/local-time";
import { ROLE_LABELS } from "@/lib/auth/roles";
import styles from "./users.module.css";
import type { UserListItem } from "./types";
import { UserRowControls } from "./user-row-controls";
import { userAnchor } from "./user-link";

function statusText(user: UserListItem): ReactNode {
  if (user.disabled) return "Disabled";
  if (user.lockedUntil)
    return (
      <>
        Locked until <LocalTime value={user.lockedUntil} />
      </>
    );
  return "Active";
}

/** All staff users with their role, status and the admin's controls for each. */
export function UsersTable({ users, currentUserId }: { users: UserListItem[]; currentUserId: string }) {
  return (
    <section aria-labelledby="users-heading" className="stack">
      <h2 id="users-heading" className="visually-hidden">
        All users
      </h2>
      <div className="table-wrap">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => {
              const isMe = user.id === currentUserId;
              return (
                <tr
                  key={user.id}
                  id={userAnchor(user.id)}
                  data-user-email={user.email}
                  data-disabled={user.disabled || undefined}
                >
                  <td data-label="User">
                    <div className={styles.userCell}>
                      <span className={styles.email}>{user.email}</span>
                      {user.name ? <span className="muted">{user.name}</span> : null}
                      {isMe ? <span className={styles.you}>You</span> : null}
                    </div>
                  </td>
                  <td data-label="Role">
                    <span className={styles.role} data-role={user.role}>
                      {ROLE_LABELS[user.role]}
                    </span>
                  </td>
                  <td data-label="Status">
                    <span
                      className={styles.status}
                      data-disabled={user.disabled || undefined}
                      data-locked={(!user.disabled && user.lockedUntil !== null) || undefined}
                    >
                      {statusText(user)}
                    </span>
                    {user.secondFactor ? <span className={styles.factor}>Second factor on</span> : null}
                  </td>
                  <td data-label="Added" className={styles.added}>
                    <LocalTime value={user.createdAt} format="date" />
                  </td>
                  <td className={styles.actions}>
                    <UserRowControls user={user} isMe={isMe} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
