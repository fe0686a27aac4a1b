"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/actions/action-result";
import type { Direction } from "@/lib/contract";
import { setSandboxStatusAction } from "@/lib/actions/set-sandbox-status-action";
import styles from "./orders.module.css";

/**
 * Sandbox test controls of an order "In progress": ask the sandbox to mark it paid (a pay-out: paid out),
 * failed or expired (pay-ins only).
 * A plain form posting to the server action, so it works without JavaScript too; the new status then
 * arrives on the page by the sandbox's callback.
 */
export function SandboxControls({ orderId, direction }: { orderId: string; direction: Direction }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(
    setSandboxStatusAction,
    null,
  );
  return (
    <section className="card stack" aria-labelledby="sandbox-controls-title">
      <div>
        <h2 id="sandbox-controls-title">Sandbox controls</h2>
        <p className={`muted ${styles.flush}`}>
          Move this order at the sandbox. It sends its signed callback, and the status here follows.
        </p>
      </div>
      <form action={action} className="row">
        <input type="hidden" name="orderId" value={orderId} />
        <button type="submit" name="status" value="Success" className="button-primary" disabled={pending}>
          {direction === "payout" ? "Mark paid out" : "Mark paid"}
        </button>
        <button type="submit" name="status" value="Failed" className="button-danger" disabled={pending}>
          Fail
        </button>
        {direction === "payin" && (
          <button type="submit" name="status" value="Expired" disabled={pending}>
            Expire
          </button>
        )}
      </form>
      <p
        role="status"
        aria-live="polite"
        className={`${styles.flush} ${
          pending
            ? "muted"
            : state
              ? (state.ok ? "alert alert-info" : "alert alert-error")
              : "visually-hidden"
        }`}
      >
        {pending ? "Asking the sandbox…" : (state?.message ?? "")}
      </p>
    </section>
  );
}
