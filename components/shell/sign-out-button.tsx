"use client";

import { useFormStatus } from "react-dom";
import { signOutAction } from "@/lib/actions/sign-out-action";
import styles from "./shell.module.css";

function SubmitButton() {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`button-small ${styles.signOut}`} disabled={pending}>
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

/** A real form posting to the sign-out action, so it works without JavaScript. */
export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <SubmitButton />
    </form>
  );
}
