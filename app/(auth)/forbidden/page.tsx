import type { Metadata } from "next";
import Link from "next/link";
import { ROLE_LABELS, requirePageUser, sanitizeNextPath } from "@/lib/auth";
import styles from "../auth.module.css";
import { BrandHeader } from "../brand-header";

export const metadata: Metadata = { title: "No access" };

/** Where requirePageUser sends a signed-in user whose role may not open the page they asked for. */
export default async function ForbiddenPage({
  searchParams,
}: {
  searchParams: Promise<{ from?: string | string[] }>;
}) {
  const user = await requirePageUser();
  const { from: rawFrom } = await searchParams;
  const from = sanitizeNextPath(Array.isArray(rawFrom) ? rawFrom[0] : rawFrom);
  return (
    <>
      <BrandHeader />
      <div className={styles.card}>
        <h1>You don't have access to this page</h1>
        <p className={styles.lead}>
          {from !== "/" ? (
            <>
              <code>{from}</code> isn't available to your role{" "}
            </>
          ) : (
            "This page isn't available to your role "
          )}
          ({ROLE_LABELS[user.role]}). Ask an admin if you need it.
        </p>
        <p className="muted">
          Signed in as <strong>{user.email}</strong>.
        </p>
        <Link href="/" className="button button-primary">
          Back to the overview
        </Link>
      </div>
    </>
  );
}
