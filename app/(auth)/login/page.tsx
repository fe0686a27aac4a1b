import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser, sanitizeNextPath } from "@/lib/auth";
import { IDLE_SIGN_OUT } from "@/lib/auth/next-path";
import { IDLE_SIGN_OUT_NOTICE } from "@/lib/auth/session";
import styles from "../auth.module.css";
import { BrandHeader } from "../brand-header";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; reason?: string | string[] }>;
}) {
  const { next: rawNext, reason } = await searchParams;
  const next = sanitizeNextPath(Array.isArray(rawNext) ? rawNext[0] : rawNext);
  if (await getCurrentUser()) redirect(next);
  return (
    <>
      <BrandHeader />
      <div className={styles.card}>
        <h1>Sign in</h1>
        <p className={styles.lead}>Staff access to the payments dashboard.</p>
        {reason === IDLE_SIGN_OUT ? (
          <p role="status" className="alert alert-info">
            {IDLE_SIGN_OUT_NOTICE} Sign in to go back to the page.
          </p>
        ) : null}
        <LoginForm next={next} />
      </div>
      <p className={styles.footnote}>Accounts are created by an admin.</p>
    </>
  );
}
