import Link from "next/link";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { ROLE_LABELS } from "@/lib/auth/roles";
import type { CurrentUser } from "@/lib/auth/types";
import styles from "./shell.module.css";
import { SignOutButton } from "./sign-out-button";

/** Who is signed in, with what role, their account page (change password), and the way out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const initial = (user.name || user.email).trim().charAt(0).toUpperCase();
  return (
    <div className={styles.userMenu}>
      <span className={styles.avatar} aria-hidden="true">
        {initial}
      </span>
      <div className={styles.userText}>
        <span className={styles.userEmail} title={user.email}>
          {user.email}
        </span>
        <span className={styles.userRole} data-role={user.role}>
          {ROLE_LABELS[user.role]}
        </span>
      </div>
      <Link href={ACCOUNT_PATH} className={styles.accountLink}>
        Your account
      </Link>
      <SignOutButton />
    </div>
  );
}
