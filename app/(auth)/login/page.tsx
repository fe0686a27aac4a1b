import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser, sanitizeNextPath } from "@/lib/auth";
import styles from "../auth.module.css";
import { BrandHeader } from "../brand-header";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next: rawNext } = await searchParams;
  const next = sanitizeNextPath(Array.isArray(rawNext) ? rawNext[0] : rawNext);
  if (await getCurrentUser()) redirect(next);
  return (
    <>
      <BrandHeader />
      <div className={styles.card}>
        <h1>Sign in</h1>
        <p className={styles.lead}>Staff access to the payments dashboard.</p>
        <LoginForm next={next} />
      </div>
      <p className={styles.footnote}>Accounts are created by an admin.</p>
    </>
  );
}
