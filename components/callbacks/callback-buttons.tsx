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
import { ConfirmButton } from "@/components/users/confirm-dialog";
import { BULK_REAPPLY_LIMIT } from "@/lib/callbacks/list-filters";
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

/**
 * "Re-apply all (matching)": asks first, naming how many deliveries and which filter, then re-applies every
 * signed delivery of the page's filters, oldest first.
 */
export function ReapplyAllForm({
  query,
  label,
  count,
  filters,
}: {
  query: string;
  label: string;
  /** Deliveries the filter holds that can be re-applied. */
  count: number;
  /** The filters in words (describeCallbackFilters). */
  filters: string;
}) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(reapplyFilterAction, null);
  const taken = Math.min(count, BULK_REAPPLY_LIMIT);
  const deliveries = `${taken} callback${taken === 1 ? "" : "s"}`;
  return (
    <div className={styles.actionForm}>
      <ConfirmButton
        label={pending ? "Re-applying…" : label}
        buttonLabel={label}
        title={`Re-apply ${deliveries}?`}
        confirmLabel={`Re-apply ${deliveries}`}
        action={action}
        fields={{ query }}
        pending={pending}
        disabledReason={count === 0 ? "No signed callback matches these filters." : undefined}
      >
        <p>
          The receiver runs again on {deliveries} (
          {filters === "all" ? "all callbacks" : `filters: ${filters}`}
          ), oldest first. What is already applied comes out duplicate; nothing is applied twice.
          {count > BULK_REAPPLY_LIMIT ? ` Only the oldest ${BULK_REAPPLY_LIMIT} of ${count} are taken.` : ""}
        </p>
        <p>One activity-log entry records it, with the outcomes.</p>
      </ConfirmButton>
      <Status state={state} />
    </div>
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
