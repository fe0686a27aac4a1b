import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { SessionsSection } from "@/components/sessions/sessions-section";
import { requirePageUser } from "@/lib/auth";
import { ROLE_LABELS } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Your account" };

/** Every role: who you are signed in as, changing your password (forced after an admin's reset), your sessions. */
export default async function AccountPage() {
  const me = await requirePageUser();
  const forced = me.mustChangePassword === true;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Your account</h1>
          <p>
            Signed in as {me.email} ({ROLE_LABELS[me.role]}).
          </p>
        </div>
      </div>
      {forced ? (
        <div className="alert alert-warning" role="alert">
          An admin reset your password. Choose a new password to continue: until then the dashboard stays
          closed.
        </div>
      ) : null}
      <ChangePasswordForm forced={forced} />
      <SessionsSection />
    </div>
  );
}
