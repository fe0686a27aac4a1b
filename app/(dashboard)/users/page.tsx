import type { Metadata } from "next";
import { AllSessionsSection } from "@/components/sessions/all-sessions-section";
import { AddUserForm } from "@/components/users/add-user-form";
import { RecentActivity } from "@/components/users/recent-activity";
import { UsersTable } from "@/components/users/users-table";
import { requirePageUser, USER_ADMIN_ROLES } from "@/lib/auth";
import { listAccountLocks } from "@/lib/auth/account-locks";
import { getDb } from "@/lib/runtime";
import { listRecentActivity } from "@/lib/database/dashboard/queries/audit";
import { usersWithSecondFactor } from "@/lib/database/dashboard/queries/second-factors";
import { listUsers } from "@/lib/database/dashboard/queries/users";

export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const me = await requirePageUser(USER_ADMIN_ROLES);
  const db = await getDb();
  const [users, activity, locks] = await Promise.all([
    listUsers(db),
    listRecentActivity(db, 25),
    listAccountLocks(db, new Date()),
  ]);
  const withFactor = await usersWithSecondFactor(
    db,
    users.map((u) => u.id),
  );
  const rows = users.map((u) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    disabled: u.disabledAt !== null,
    lockedUntil: locks.get(u.email)?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
    secondFactor: withFactor.has(u.id),
  }));
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Users</h1>
          <p>Staff who can sign in to this dashboard, and what each may do.</p>
        </div>
      </div>
      <div className="stack">
        <UsersTable users={rows} currentUserId={me.id} />
        <AddUserForm />
        <AllSessionsSection />
        <RecentActivity entries={activity} />
      </div>
    </div>
  );
}
