import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getCurrentUser, sanitizeNextPath } from "@/lib/auth";
import { pendingSignInCookieName } from "@/lib/auth/cookie";
import { livePendingSignIn, pendingSignInOffers } from "@/lib/auth/second-factor/sign-in-step";
import { getDb } from "@/lib/runtime";
import styles from "../../auth.module.css";
import { BrandHeader } from "../../brand-header";
import { SecondFactorForm } from "./second-factor-form";

export const metadata: Metadata = { title: "Second factor" };

/** Sign-in's second step: after the password, a code or a passkey. Without a live pending sign-in: back to /login. */
export default async function SecondFactorPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next: rawNext } = await searchParams;
  const next = sanitizeNextPath(Array.isArray(rawNext) ? rawNext[0] : rawNext);
  if (await getCurrentUser()) redirect(next);
  const db = await getDb();
  const pending = await livePendingSignIn(
    { sql: db },
    (await cookies()).get(pendingSignInCookieName())?.value,
    new Date(),
  );
  if (!pending) redirect(`/login?next=${encodeURIComponent(next)}`);
  const offers = await pendingSignInOffers({ sql: db }, pending);
  return (
    <>
      <BrandHeader />
      <div className={styles.card}>
        <h1>Second factor</h1>
        <p className={styles.lead}>
          Signing in as {offers.email}.{" "}
          {offers.totp ? "Enter the code from your authenticator app." : "Confirm with your passkey."}
        </p>
        <SecondFactorForm next={next} passkey={offers.passkey} />
      </div>
      <p className={styles.footnote}>
        Lost your phone and your codes? Ask an admin to reset your second factor.{" "}
        <Link href="/login">Start over</Link>
      </p>
    </>
  );
}
