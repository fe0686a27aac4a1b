import type { Metadata } from "next";
import { ChangePasswordForm } from "@/components/account/change-password-form";
import { AccountSecondFactor } from "@/components/second-factor/account-second-factor";
import { SessionsSection } from "@/components/sessions/sessions-section";
import { requirePageUser } from "@/lib/auth";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { accountFactors } from "@/lib/auth/second-factor/factors";
import { stepUpPrompt } from "@/lib/auth/step-up";
import { getDb } from "@/lib/runtime";
import styles from "@/components/account/account.module.css";

export const metadata: Metadata = { title: "Your account" };

/**
 * Every role: who you are signed in as, changing your password (forced after an admin's reset or their first
 * sign-in with the password an admin chose), the second
 * factor (forced when the role requires one and none is set up), and your signed-in sessions.
 */
export default async function AccountPage() {
  const me = await requirePageUser();
  const forced = me.mustChangePassword === true;
  const mustEnrol = me.mustEnrolSecondFactor === true;
  const db = await getDb();
  const factors = await accountFactors(db, me.id);
  const stepUp = await stepUpPrompt(db, me.id, me.sessionId);
  // Adding a factor is what a recovery-code sign-in is for: its own prompt (no code field while that holds).
  const enrolStepUp = await stepUpPrompt(db, me.id, me.sessionId, new Date(), "enrol-factor");
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
        <div className={`alert alert-warning ${styles.notice}`} role="alert">
          An admin set your password. Choose your own password to continue: until then the dashboard stays
          closed. If this sign-in is cut off, the admin's password still works (for 24 hours from when it was
          set) until you have chosen yours.
        </div>
      ) : null}
      {mustEnrol ? (
        <div className={`alert alert-warning ${styles.notice}`} role="alert">
          Your role requires a second factor. Set up an authenticator app or add a passkey below to continue:
          until then the dashboard stays closed.
        </div>
      ) : null}
      <div className="stack">
        <ChangePasswordForm forced={forced} />
        {/* One place in the tree (moved up by CSS while held here), so it keeps the recovery codes it shows
            when the page re-renders without the hold. */}
        <div className={mustEnrol ? styles.first : undefined}>
          <AccountSecondFactor initial={factors} stepUp={stepUp} enrolStepUp={enrolStepUp} />
        </div>
        <SessionsSection />
      </div>
    </div>
  );
}
