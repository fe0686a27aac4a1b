import type { FormStatusValue } from "@/components/forms/form-status";
import styles from "./second-factor.module.css";

/** A section's status line: the last answer, green or red, announced politely. */
export function StatusLine({ status, id }: { status: FormStatusValue | null; id?: string }) {
  return (
    <div id={id} role="status" aria-live="polite" className={styles.status}>
      {status ? (
        <p className={`alert ${status.tone === "success" ? "alert-success" : "alert-error"} ${styles.flush}`}>
          {status.text}
        </p>
      ) : null}
    </div>
  );
}
