"use client";

import Link from "next/link";
import { useActionState } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import {
  type ReapplyActionResult,
  reapplyCallbackAction,
  reapplyFilterAction,
  resendCallbackAction,
} from "@/lib/actions/callback-actions";
import styles from "./callbacks.module.css";

/** "Re-apply" one delivery; on success, a link to the delivery the re-application recorded. */
export function ReapplyButton({ deliveryId }: { deliveryId: string }) {
  const [state, action, pending] = useActionState<ReapplyActionResult | null, FormData>(
    reapplyCallbackAction,
    null,
  );
  return (
    <form action={action} className={styles.actionForm}>
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Re-applying…" : "Re-apply"}
      </button>
      <Status state={state}>
        {state?.ok ? (
          <>
            {" "}
            <Link href={`/callbacks/${state.deliveryId}`}>See the re-application</Link>
          </>
        ) : null}
      </Status>
    </form>
  );
}

/** "Ask the sandbox to send it again": the service's own resend (sandbox only). */
export function ResendButton({ deliveryId }: { deliveryId: string }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(resendCallbackAction, null);
  return (
    <form action={action} className={styles.actionForm}>
      <input type="hidden" name="deliveryId" value={deliveryId} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Asking…" : "Ask the sandbox to send it again"}
      </button>
      <Status state={state} />
    </form>
  );
}

/** "Re-apply all matching": every signed delivery of the page's filters, oldest first. */
export function ReapplyAllForm({ query, label }: { query: string; label: string }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(reapplyFilterAction, null);
  return (
    <form action={action} className={styles.actionForm}>
      <input type="hidden" name="query" value={query} />
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Re-applying…" : label}
      </button>
      <Status state={state} />
    </form>
  );
}

function Status({ state, children }: { state: ActionResult | null; children?: React.ReactNode }) {
  return (
    <p role="status" aria-live="polite" className={state?.ok ? styles.ok : styles.fail}>
      {state?.message ?? ""}
      {children}
    </p>
  );
}
